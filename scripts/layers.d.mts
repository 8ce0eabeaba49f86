import type { Rule } from 'eslint';

export interface Layer {
  name: string;
  folders: string[];
  may: string[];
  /** Modules of an allowed layer this layer is handed instead of importing (a folder, or a file without its extension). */
  not?: string[];
}
export declare const LAYERS: Layer[];
export declare const PLACED: Record<string, string>;
export declare function layerOf(path: string): string | undefined;
export declare function mayImport(from: string | undefined, to: string | undefined): boolean;
export declare const layerImportsRule: Rule.RuleModule;
export declare function withheld(from: string, to: string): string | undefined;

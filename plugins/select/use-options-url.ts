import { useEffect, useState } from 'react';
import { pairsToOptions, type SelectOption } from './options';
import { api, fillUrl, useFormValues } from '../../src/plugin-kit';

export type OptionsLoad =
  | { state: 'waiting' }
  | { state: 'loading' }
  | { state: 'loaded'; options: SelectOption[] }
  | { state: 'failed'; error: string };

/**
 * The data url with its `:field` placeholders filled from the form, or null while one is still
 * empty or holds what is no path segment ('.' or '..' would walk the url up to another API):
 * the select then shows no options. The selector returns a string, so the select re-renders
 * only when a field the url names changes, not on every keystroke elsewhere in the form.
 */
export function useFilledUrl(template: string): string | null {
  return useFormValues((values) => fillUrl(template, values));
}

/** Loads the options of a dynamic select each time its filled url changes. */
export function useOptionsFromUrl(url: string | null): OptionsLoad {
  const [load, setLoad] = useState<{ url: string | null; result: OptionsLoad }>({ url: null, result: { state: 'waiting' } });

  useEffect(() => {
    if (url === null) return;
    // A dependent field can change again before the first answer arrives; only the answer
    // for the url still shown may land.
    let current = true;
    api<unknown>('GET', `/api${url}`).then((answer) => {
      if (!current) return;
      if (!answer.ok) {
        setLoad({ url, result: { state: 'failed', error: answer.error } });
        return;
      }
      const options = pairsToOptions(answer.data);
      setLoad({
        url,
        result: options ? { state: 'loaded', options } : { state: 'failed', error: 'The data url did not answer a list of [value, label] pairs' },
      });
    });
    return () => {
      current = false;
    };
  }, [url]);

  if (url === null) return { state: 'waiting' };
  // Until the answer for this very url is in, the options shown would belong to another url.
  return load.url === url ? load.result : { state: 'loading' };
}

import { useState, type ReactElement } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

/** The same N text fields as a JSON schema: N string properties with their titles. */
export function schemaOf(n: number): RJSFSchema {
  const properties: Record<string, RJSFSchema> = {};
  for (let i = 0; i < n; i++) properties[`f${i}`] = { type: 'string', title: `Field ${i}` };
  return { type: 'object', properties };
}

/**
 * rjsf as its documentation shows it: a controlled form whose onChange stores formData in the
 * parent's state; liveValidate off (its default), so a keystroke costs no validation.
 */
function RjsfBench({ schema }: { schema: RJSFSchema }) {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return <Form schema={schema} validator={validator} formData={formData} liveValidate={false} onChange={(e) => setFormData(e.formData as Record<string, unknown>)} />;
}

export function formElement(n: number): ReactElement {
  return <RjsfBench schema={schemaOf(n)} />;
}

/** rjsf ids its fields root_<property>. */
export function inputOf(index: number): HTMLInputElement | null {
  return document.getElementById(`root_f${index}`) as HTMLInputElement | null;
}

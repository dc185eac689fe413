import { type ComponentChildren } from 'preact';

/**
 * A form control under its label, tied by `id`: a label wrapped around a select would name it
 * with the selected option's text too.
 */
export function Field({ id, label, children }: { id: string; label: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
    </div>
  );
}

/** A refusal of the API, and the form field it names (`null`: none, shown above the form). */
export interface Refusal {
  readonly field: string | null;
  readonly message: string;
}

/** What a form shows beside each field: the refusal, beside the field it names. */
export function refusalBeside(refusal: Refusal | null) {
  return (field: string) =>
    refusal?.field === field && (
      <span class="field-error" role="alert">
        {refusal.message}
      </span>
    );
}

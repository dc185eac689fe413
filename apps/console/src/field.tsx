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

import type { FieldProblems, FileProblem } from './use-staff-draft';

/**
 * A detail's path as the file names it: a TENANT_FILE_INVALID answer names `$.hours[0]…`, a request
 * refused before it is read as a file (VALIDATION_FAILED: text with a control character) names the
 * body's field, `body.file.hours[0]…`. Other paths (not in the file) are left as they are.
 */
export function fileProblemPath(path: string): string {
  if (path === 'body.file') return '$';
  return path.startsWith('body.file.') || path.startsWith('body.file[') ? `$${path.slice('body.file'.length)}` : path;
}

/** A refused file's problems split by a form's field for each path (undefined: not one of the form's). */
export function splitByField(
  details: readonly FileProblem[],
  fieldOf: ((path: string) => string | undefined) | null,
): { fields: FieldProblems; others: FileProblem[] } {
  const fields: FieldProblems = [];
  const others: FileProblem[] = [];
  for (const original of details) {
    const detail = { ...original, path: fileProblemPath(original.path) };
    const field = fieldOf?.(detail.path);
    if (field) fields.push([field, detail]);
    else others.push(detail);
  }
  return { fields, others };
}

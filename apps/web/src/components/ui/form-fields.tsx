/**
 * Where the checkout and the school screens still import the shared fields from, until they move onto
 * the form mechanism of ./form/ (issue 28, item 3: converted in a later pass; then this file goes).
 */
export { FieldError, SelectField, TextField, type FieldMarks, type FieldProblem } from './form/field';

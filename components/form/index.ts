// The form kit: every create/edit form is built from these (docs/dashboard.md, "Forms and feedback").
export { Form, FormFooter, FormProblem, useKit } from "./form";
export { Field, FieldError, FieldGroup, FieldHint, useField, type ControlProps } from "./field";
export { humanApiMessage, humanIssue, issueErrors } from "./messages";
export { isUnder, useFormKit, type FieldErrors, type FormKit } from "./use-form-kit";
export { slugify } from "./suggested-id";
export { NameAndId } from "./name-and-id";

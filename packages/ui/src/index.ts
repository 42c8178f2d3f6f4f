/**
 * The design system of the user app and the back office: one set of tokens (tokens.css, both themes and the
 * back office's compact density) and the components both draw with. Import the tokens once at each app's entry.
 */
export { Button, type ButtonProps, buttonClass } from './Button';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog, type DialogProps } from './Dialog';
export { SelectField, type SelectFieldProps, TextArea, type TextAreaProps } from './Field';
export { IconButton } from './IconButton';
export { isAllowedUrl, Markdown, type MarkdownProps } from './Markdown';
export { Notices, type ShownNotice } from './Notices';
export { SearchField, type SearchFieldProps } from './SearchField';
export { Spinner } from './Spinner';
export { TextField, type TextFieldProps } from './TextField';

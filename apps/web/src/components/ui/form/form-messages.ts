import { createContext } from 'react';
import type { MessageKey } from './field-problem';

/**
 * The form's own messages by field (useZodForm's `messages`): <Form> (form.tsx) provides them, the
 * bound fields (bound-fields.tsx) read them. React Hook Form's context carries only its own.
 */
export const FormMessages = createContext<Partial<Record<string, MessageKey>>>({});

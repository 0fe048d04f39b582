import { SignInForm, WebhookForm } from '@servery/contracts/forms';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { Form, FormFailure, FormTextField, SubmitButton } from './form';
import { useZodForm } from './use-zod-form';

function SignIn({ send }: { send: (values: { email: string; password: string }) => Promise<unknown> }) {
  const form = useZodForm(SignInForm, { defaultValues: { email: '', password: '' } });
  return (
    <Form form={form} aria-label="Sign in" onValid={send} errorFields={{ INVALID_CREDENTIALS: ['password', 'errors.INVALID_CREDENTIALS'] }}>
      <FormTextField field="email" id="email" label="Email" type="email" />
      <FormTextField field="password" id="password" label="Password" type="password" />
      <FormFailure />
      <SubmitButton>Send</SubmitButton>
    </Form>
  );
}

const apiError = (error: string, details?: Array<{ path: string; message: string }>) =>
  new ApiError({ status: 400, code: 400, error, message: 'x', details });

describe('the form mechanism', () => {
  it('names every field at once in the person’s language, marks and describes them, and focuses the first', () => {
    renderWithProviders(<SignIn send={() => Promise.resolve()} />, { locale: 'fr-CA' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ce champ est obligatoire.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the schema’s output, and lands the fields an API error names on them', async () => {
    const sent: unknown[] = [];
    renderWithProviders(
      <SignIn
        send={(values) => {
          sent.push(values);
          return Promise.reject(apiError('VALIDATION_FAILED', [{ path: 'body.email', message: 'invalidEmail' }]));
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' dana@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(sent).toEqual([{ email: 'dana@example.com', password: 'x' }]);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts an error the form names on its field, and any other in an alert', async () => {
    let answer = apiError('INVALID_CREDENTIALS');
    renderWithProviders(<SignIn send={() => Promise.reject(answer)} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail or password is incorrect.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');

    answer = apiError('TOO_MANY_REQUESTS');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('says a form’s own message for a field, whatever the schema found', () => {
    function AddWebhook() {
      const form = useZodForm(WebhookForm, { defaultValues: { url: '', description: '' }, messages: { url: 'staff.webhooks.badUrl' } });
      return (
        <Form form={form} onValid={() => undefined}>
          <FormTextField field="url" id="url" label="URL" />
          <SubmitButton>Add</SubmitButton>
        </Form>
      );
    }
    renderWithProviders(<AddWebhook />);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'ftp://x.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Enter a web address that starts with https:// or http://.')).toBeTruthy();
  });

  it('keeps a field’s message until the next send', () => {
    renderWithProviders(<SignIn send={() => new Promise(() => undefined)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });
});

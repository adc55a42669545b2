import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../components/ui/Toasts';
import { StaffApiError } from './api';

/**
 * An action of a back-office page: runs the call, shows the shop's refusal beside the form (with
 * its field errors), or on success a toast, and reloads what the action changed.
 */
export function useStaffAction<Input, Answer>(options: { run: (input: Input) => Promise<Answer>; done?: (answer: Answer, input: Input) => string | null; reload?: readonly QueryKey[] }) {
  const client = useQueryClient();
  const toast = useToast();
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const mutation = useMutation({
    mutationFn: options.run,
    onMutate: () => {
      setMessage(null);
      setErrors({});
    },
    onSuccess: async (answer, input) => {
      const text = options.done?.(answer, input);
      if (text) toast.success(text);
      await Promise.all((options.reload ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      setMessage(error instanceof Error ? error.message : String(error));
      setErrors(error instanceof StaffApiError ? error.errors : {});
    },
  });
  return {
    ...mutation,
    message,
    errors,
    fieldError: (field: string) => errors[field]?.join(' '),
    clearMessage: () => setMessage(null),
  };
}

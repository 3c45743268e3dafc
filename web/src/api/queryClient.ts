import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../components/feedback.tsx';
import { ApiError } from './errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** A mutation whose screen shows its own errors (e.g. on the form's fields) sets `meta.ownErrors`. */
    mutationMeta: { ownErrors?: boolean };
  }
}

/** Failures are shown once, here, unless a screen takes them over; nothing is swallowed. */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: (error) => showError(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownErrors) showError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => error instanceof ApiError && error.network && count < 2,
      },
    },
  });

export const queryClient = createQueryClient();

import type { OperationLog, Page, operationLogQuery } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

export type OperationLogQuery = z.input<typeof operationLogQuery>;

export const operationLogApi = {
  query: (query: OperationLogQuery) => api.post<Page<OperationLog>>('/api/v3/operationlog/query', query),
};

export const operationLogKeys = {
  all: ['operationLog'] as const,
  list: (query: OperationLogQuery) => [...operationLogKeys.all, 'list', query] as const,
};

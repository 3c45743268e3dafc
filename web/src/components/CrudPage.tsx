import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MessageKey } from '../i18n/index.ts';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';
import { FormDrawer, type FormField } from './ResourceForm.tsx';
import { ResourceTable, type Resource } from './ResourceTable.tsx';

/** A list with create, edit and delete: the table, the drawer form and the delete confirmation from one description. */
export interface Crud<Row> {
  resource: Resource<Row>;
  /** Invalidated after every change. */
  invalidate: QueryKey;
  title: MessageKey;
  fields?: readonly FormField[];
  editFields?: readonly FormField[];
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
  create?: (payload: Record<string, unknown>) => Promise<unknown>;
  update?: (row: Row, payload: Record<string, unknown>) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  /** Form values of a row for editing (default: the row itself). */
  toValues?: (row: Row) => Record<string, unknown>;
  actions?: (row: Row) => ReactNode;
  extra?: ReactNode;
}

export function CrudPage<Row extends object>({ crud }: { crud: Crud<Row> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: crud.invalidate });
    feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    setEditing(null);
  };
  const remove = async (row: Row) => {
    try {
      await crud.remove!(row);
      await queryClient.invalidateQueries({ queryKey: crud.invalidate });
      feedback.message().success(t('common.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };
  const hasRowActions = Boolean(crud.update || crud.remove || crud.actions);
  const row = editing !== 'new' ? editing : null;
  const name = crud.resource.name;

  return (
    <>
      <ResourceTable
        resource={crud.resource}
        extra={
          <>
            {crud.extra}
            {crud.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`${name}-create`}>
                {t('common.create')}
              </Button>
            )}
          </>
        }
        actions={
          hasRowActions
            ? (r) => (
                <>
                  {crud.actions?.(r)}
                  {crud.update && (
                    <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                      {t('common.edit')}
                    </Button>
                  )}
                  {crud.remove && (
                    <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove(r)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                      <Button type="link" danger icon={<DeleteOutlined />}>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </>
              )
            : undefined
        }
      />
      {crud.fields && (
        <FormDrawer
          open={editing !== null}
          title={`${t(editing === 'new' ? 'common.create' : 'common.edit')} · ${t(crud.title)}`}
          onClose={() => setEditing(null)}
          name={`${name}-form`}
          fields={editing === 'new' ? crud.fields : (crud.editFields ?? crud.fields)}
          schema={(editing === 'new' ? crud.createSchema : crud.updateSchema) ?? crud.createSchema!}
          initialValues={row ? (crud.toValues?.(row) ?? (row as Record<string, unknown>)) : undefined}
          onSubmit={async (payload) => {
            if (row) await crud.update!(row, payload);
            else await crud.create!(payload);
            await done();
          }}
        />
      )}
    </>
  );
}

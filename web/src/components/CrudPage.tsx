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

/**
 * A list with create, edit and delete: the table, the drawer form and the delete confirmation from one
 * description. `Create` and `Update` are the contract schemas of the two forms; `create` and `update`
 * receive what they parsed, so the payload is the request body's type.
 */
export interface Crud<Row, Create extends z.ZodType = z.ZodNever, Update extends z.ZodType = z.ZodNever> {
  resource: Resource<Row>;
  /** Invalidated after every change. */
  invalidate: QueryKey;
  title: MessageKey;
  fields?: readonly FormField[];
  editFields?: readonly FormField[];
  createSchema?: Create;
  updateSchema?: Update;
  /** Sent with the create form's inputs (e.g. the exhibition id the list belongs to). */
  createHidden?: Partial<z.input<Create>>;
  create?: (payload: z.output<Create>) => Promise<unknown>;
  update?: (row: Row, payload: z.output<Update>) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  /** Form values of a row for editing (default: the row itself). */
  toValues?: (row: Row) => Record<string, unknown>;
  actions?: (row: Row) => ReactNode;
  extra?: ReactNode;
}

export function CrudPage<Row extends object, Create extends z.ZodType = z.ZodNever, Update extends z.ZodType = z.ZodNever>({ crud }: { crud: Crud<Row, Create, Update> }) {
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
      {/* One drawer in one place: the two branches differ only in their props, so it opens and closes as one. */}
      {crud.fields &&
        (row ? (
          <FormDrawer
            open
            title={`${t('common.edit')} · ${t(crud.title)}`}
            onClose={() => setEditing(null)}
            name={`${name}-form`}
            fields={crud.editFields ?? crud.fields}
            schema={crud.updateSchema!}
            initialValues={crud.toValues?.(row) ?? (row as Record<string, unknown>)}
            onSubmit={async (payload) => {
              await crud.update!(row, payload);
              await done();
            }}
          />
        ) : (
          <FormDrawer
            open={editing === 'new'}
            title={`${t('common.create')} · ${t(crud.title)}`}
            onClose={() => setEditing(null)}
            name={`${name}-form`}
            fields={crud.fields}
            schema={crud.createSchema!}
            hidden={crud.createHidden}
            onSubmit={async (payload) => {
              await crud.create!(payload);
              await done();
            }}
          />
        ))}
    </>
  );
}

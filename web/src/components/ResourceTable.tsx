import { SearchOutlined } from '@ant-design/icons';
import type { Page } from '@pavilion/contract';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Form, Grid, Input, Select, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageKey } from '../i18n/index.ts';
import { formatDateTime } from '../i18n/dates.ts';

/** What a list asks its API for: the page and the search form's non-empty values. */
export interface ListParams {
  pageIndex: number;
  pageSize: number;
  filters: Readonly<Record<string, string>>;
}

export type FieldFilter =
  | { type: 'text' }
  | { type: 'select'; options: readonly { value: string; label: MessageKey }[] }
  /** Options from data (e.g. categories), labelled by their own text. */
  | { type: 'choices'; choices: readonly { value: string; text: string }[] };

/** A row property, or `$name` for a computed column (which then needs `render`). */
export type FieldKey<Row> = Extract<keyof Row, string> | `$${string}`;

/** One field of a resource: its column, and its search-form entry when it has a filter. */
interface FieldBase {
  label: MessageKey;
  /** Searchable: the form value is sent under `key`. */
  filter?: FieldFilter;
  width?: number;
}
/** A column of the list (searchable too when it has a filter): a key of the row, or `$…` for a computed one. */
export interface ColumnField<Row> extends FieldBase {
  key: FieldKey<Row>;
  /** How the value is shown when there is no `render`. */
  type?: 'text' | 'datetime' | 'number';
  render?: (row: Row) => ReactNode;
  column?: true;
}
/** A search-only field: its key is the query's parameter (a keyword over several columns), not a key of the row. */
export interface SearchField extends FieldBase {
  key: string;
  filter: FieldFilter;
  column: false;
}
export type ResourceField<Row> = ColumnField<Row> | SearchField;

/** A resource described once; the table, its search form and its paging derive from it. */
export interface Resource<Row> {
  name: string;
  rowKey: Extract<keyof Row, string>;
  fields: readonly ResourceField<Row>[];
  queryKey: (params: ListParams) => QueryKey;
  fetch: (params: ListParams) => Promise<Page<Row>>;
  pageSize?: number;
  expand?: (row: Row) => ReactNode;
}

export const defineResource = <Row,>(resource: Resource<Row>): Resource<Row> => resource;

function cell<Row>(field: ColumnField<Row>, row: Row, empty: string): ReactNode {
  if (field.render) return field.render(row);
  if (field.key.startsWith('$')) return empty;
  const value = row[field.key as keyof Row];
  if (value === null || value === undefined || value === '') return empty;
  if (field.type === 'datetime') return formatDateTime(String(value));
  if (field.type === 'number' && typeof value === 'number') return value.toLocaleString();
  return String(value);
}

const clean = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );

export function ResourceTable<Row extends object>({
  resource,
  extra,
  actions,
  rowSelection,
  onFilters,
}: {
  resource: Resource<Row>;
  extra?: ReactNode;
  actions?: (row: Row) => ReactNode;
  /** Checkboxes per row, for bulk actions. */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** The search form's applied values, for actions over everything a filter matches. */
  onFilters?: (filters: ListParams['filters']) => void;
}) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().xl === true;
  const [form] = Form.useForm();
  const [params, setParams] = useState<ListParams>({ pageIndex: 1, pageSize: resource.pageSize ?? 10, filters: {} });
  const { data, isFetching } = useQuery({
    queryKey: resource.queryKey(params),
    queryFn: () => resource.fetch(params),
    placeholderData: keepPreviousData,
  });
  useEffect(() => onFilters?.(params.filters), [onFilters, params.filters]);

  const searchable = resource.fields.filter((field) => field.filter);
  const columns: TableColumnsType<Row> = resource.fields
    .filter((field): field is ColumnField<Row> => field.column !== false)
    .map((field) => ({
      key: field.key,
      dataIndex: field.key.startsWith('$') ? undefined : field.key,
      title: t(field.label),
      width: field.width,
      render: (_: unknown, row: Row) => cell(field, row, t('common.empty')),
    }));
  if (actions) columns.push({ key: '$actions', title: t('common.actions'), fixed: 'end', render: (_: unknown, row: Row) => <Space size={0}>{actions(row)}</Space> });

  const reset = () => {
    form.resetFields();
    setParams((p) => ({ ...p, pageIndex: 1, filters: {} }));
  };

  return (
    <Card variant="borderless" className="resource-table" data-testid={`${resource.name}-table`}>
      {(searchable.length > 0 || extra) && (
        <div className="resource-table-toolbar">
          <Form
            form={form}
            name={`${resource.name}-search`}
            layout="inline"
            onFinish={(values: Record<string, unknown>) => setParams((p) => ({ ...p, pageIndex: 1, filters: clean(values) }))}
          >
            {searchable.map((field) => (
              <Form.Item<Record<string, unknown>> key={field.key} name={field.key} label={t(field.label)}>
                {field.filter?.type === 'select' ? (
                  <Select allowClear style={{ minWidth: 160 }} options={field.filter.options.map((o) => ({ value: o.value, label: t(o.label) }))} />
                ) : field.filter?.type === 'choices' ? (
                  <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 160 }} options={field.filter.choices.map((o) => ({ value: o.value, label: o.text }))} />
                ) : (
                  <Input allowClear />
                )}
              </Form.Item>
            ))}
            {searchable.length > 0 && (
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                    {t('common.search')}
                  </Button>
                  <Button onClick={reset}>{t('common.reset')}</Button>
                </Space>
              </Form.Item>
            )}
          </Form>
          {extra}
        </div>
      )}
      <Table<Row>
        rowKey={resource.rowKey}
        rowSelection={rowSelection}
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        // From antd's xl (1200 px) the columns share the card's width (long text wraps), so the fixed
        // action column never covers a data column (issue 9 defect 6); narrower, the table scrolls inside its card.
        scroll={wide ? undefined : { x: 'max-content' }}
        expandable={resource.expand ? { expandedRowRender: resource.expand } : undefined}
        pagination={{
          current: params.pageIndex,
          pageSize: params.pageSize,
          total: data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageIndex, pageSize) =>
            setParams((p) => ({ ...p, pageIndex: pageSize === p.pageSize ? pageIndex : 1, pageSize })),
        }}
      />
    </Card>
  );
}

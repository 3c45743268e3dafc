import { JobType, MAX_IMPORT_ROWS, backgroundJob as jobSchema, cacheBuster, id, importQuery, ok as okSchema, productImportColumns } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/i18n.ts';
import { attachment, importTemplate, MB, queueImport } from '../backgroundjob/import-upload.ts';
import { XLSX_MIME } from '../backgroundjob/xlsx.ts';

const tags = ['product'];
const gate = { feature: 'product' as const };

const template = () =>
  importTemplate(
    '产品导入 Products',
    productImportColumns,
    [
      ['示例科技有限公司', '智能手表', 'Smart watch', '电子/穿戴设备', '新品, 热销', 'https://example.com/watch-1.png\nhttps://example.com/watch-2.png', 'https://example.com/3d/watch', '支持心率监测。\n\n续航 7 天。', 'Heart-rate monitoring.\n\nSeven days of battery.', '是'],
      ['Example Technology Co., Ltd.', '充电底座', 'Charging dock', '电子', '', '/uploads/dock.png', '', '', '', '否'],
    ],
    [
      '* 为必填列。展商：填写公司名称（与展商列表一致，忽略大小写和空格）或展商ID（展商导出的第一列）。',
      '* is required. Exhibitor: the company name as the exhibitor list shows it (case and spaces ignored) or the exhibitor ID (first column of the exhibitor export).',
      '产品分类：“一级分类/二级分类”或一级分类名称（中文或英文名）。产品标签：标签名称，多个用逗号分隔。 Category: "level 1/level 2" or a level-1 name (Chinese or English). Tags: names separated by commas.',
      '产品图片：图片链接（http(s):// 或 /uploads/ 开头），每行一个或用空格、分号分隔，数量不超过展会设置；第一张为封面。 Pictures: addresses (http(s):// or /uploads/…), one per line or separated by spaces or semicolons, at most the exhibition’s limit; the first is the cover.',
      '介绍为纯文本，空行分段。是否显示：是/否，留空为是。 Introductions are plain text; a blank line starts a paragraph. Shown: yes/no, blank means yes.',
      '每个展商的产品数（已有的加上本表的）不超过展会设置。导入的产品直接审核通过。 Each exhibitor’s products (existing plus this file’s) stay within the exhibition’s limit. Imported products are approved at once.',
      `文件不超过 ${MB}MB、${MAX_IMPORT_ROWS} 行；任何一行有误时不导入任何数据。 At most ${MB} MB and ${MAX_IMPORT_ROWS} rows; any broken row stops the whole import.`,
    ],
  );

/** The host's product import (docs/products.md "Import"): on the shared spreadsheet import and job runner. */
export const productImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v3/backgroundjob/import/product',
    {
      config: { permission: 'backgroundJob.import', ...gate },
      schema: {
        summary: `Import products of an exhibition's exhibitors from an .xlsx (multipart: file; ?exhibitionId&dryRun), at most ${MB} MB and ${MAX_IMPORT_ROWS} rows; every row is checked as POST /api/v1/product would be, any broken row imports nothing; answers the queued job`,
        tags,
        consumes: ['multipart/form-data'],
        querystring: importQuery.extend({ exhibitionId: id }),
        response: { 200: okSchema(jobSchema) },
      },
    },
    async (request) => queueImport(app.deps, request, request.query, { type: JobType.ProductImport, columns: productImportColumns }),
  );

  app.get(
    '/api/v3/product/import/template',
    {
      config: { permission: 'backgroundJob.import', ...gate },
      schema: { summary: 'The product import template (.xlsx): headers in Chinese and English, two example rows, the rules on a second sheet', tags, querystring: cacheBuster.extend({ exhibitionId: id.optional() }) },
    },
    async (request, reply) => {
      const name = langOf(request) === 'en' ? 'product-import-template.xlsx' : '产品导入模板.xlsx';
      return attachment(reply, name, XLSX_MIME).send(await template());
    },
  );
};

import type { ProductHostMessages } from './productHost.zh-CN.ts';

/** English counterparts of productHost.zh-CN.ts (same keys, checked by the type). */
export const productHostEn: ProductHostMessages = {
  proHost: {
    route: { exhibitorPro: 'Exhibitor products', add: 'Add product for exhibitor', edit: 'Edit product', productEdit: 'Edit product', display: 'Product settings', basic: 'Product form', journal: 'Catalogue display' },
    bulk: {
      selected: '{{count}} selected',
      show: 'Show selected',
      hide: 'Hide selected',
      shown: '{{count}} products shown',
      hidden: '{{count}} products hidden',
      pendingOnly: 'Only pending products can be reviewed; {{count}} of the selected are not pending.',
    },
    action: { products: 'Products', edit: 'Edit', add: 'Add product', back: 'Back to exhibitors' },
    exhibitorPro: {
      title: 'Products of {{name}}',
      intro: 'Add or edit products on the exhibitor’s behalf; your save is final, with no review.',
      count: '{{count}} / {{max}} products',
      limitReached: 'This exhibitor has reached the product limit; delete a product to add another',
      missing: 'No exhibitor chosen; open this page from the exhibitor list’s "Products"',
      confirmDelete: 'Delete the product "{{name}}"?',
    },
    missingProduct: 'No product chosen; open one from the product list',
    display: {
      intro: 'Product limits and switches of the current exhibition; exhibitors’ screens follow them at once.',
      limits: 'Limits',
      switches: 'Display and review',
      productImageUploadNumber: 'Pictures per product',
      productImageUploadNumberHint: '0–50; the first is the cover',
      exhibitorsLoadProductNumber: 'Products per exhibitor',
      exhibitorsLoadProductNumberHint: '0–100; an exhibitor over it cannot add more, existing products stay',
      enabledUploadProductVideo: 'Product videos allowed',
      enabledUploadProductVideoHint: 'When off, product forms take no new video; saved videos stay',
      enabledAutoAuditProduct: 'Approve exhibitors’ products automatically',
      enabledAutoAuditProductHint: 'When on, a submitted product is approved at once and skips the audit centre',
      range: '{{label}} must be a whole number from {{min}} to {{max}}',
    },
    basic: {
      intro: 'Choose how exhibitors fill in each product field. The product name is always required; a hidden field is left out of the exhibitor’s form, and you can still edit it on their behalf.',
      field: 'Field',
      mode: 'Exhibitor form',
      modes: { optional: 'Optional', required: 'Required', hidden: 'Hidden' },
    },
    journal: {
      intro: 'How the visitor site shows the catalogue (exhibitors and their products). The product order applies to the visitor product list at once.',
      layout: 'Catalogue layout',
      layouts: { grid: 'Grid (pictures first)', list: 'List (text first)' },
      productSort: 'Product order',
      productSorts: { showIndex: 'The exhibitors’ own order', newest: 'Newest first', name: 'By product name' },
      showProductCount: 'Show each exhibitor’s product count',
      showEnquiryButton: 'Show an enquiry button on products',
    },
    unchanged: 'Nothing changed',
  },
};

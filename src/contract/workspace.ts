/**
 * The Workspace add-on part's globals, named once: the manifest (build.mjs writes their names
 * into `addOns`), the cards that call them back, and src/index.ts agree through this table.
 */
export const WORKSPACE_FUNCTIONS = {
  linkPreview: 'onReportLinkPreview',
  createForm: 'onCreatePreviewForm',
  createSubmit: 'onCreatePreviewSubmit',
} as const;

export const CREATE_PREVIEW_SUBMIT = WORKSPACE_FUNCTIONS.createSubmit;

// The one list of functions Apps Script sees as globals (build.mjs generates a top-level
// declaration for each, which calls it through `__entry`). Nothing else belongs here.
export { visFunctions as __vis } from './addon/customFunctions';
export {
  onOpen,
  onInstall,
  showSidebar,
  showSettings,
  showOutreach,
  menuActions as __menu,
} from './addon/menu';
export { pollInBackground } from './addon/background';
export { openScanMonitor, pollScanMonitor, rescanSelected } from './addon/monitor';
export { getSelectionSummary, startPreviewsForSelection } from './addon/previewGeneration';
export { adoptPreviewIds, pollPendingPreviews } from './addon/previewPolling';
export { getScorePlan, scoreSelection } from './addon/scores';
export { insertCompareChart } from './addon/compareChart';
export { makeReport } from './addon/reports';
export { getSettings, getUsage, saveSettings, testConnection } from './addon/settings';
export {
  deleteSchedule,
  getListSheets,
  getRunLog,
  getSchedules,
  saveSchedule,
  takeOverSchedule,
} from './addon/schedules';
export {
  acceptLeadRows,
  deleteLeadWatch,
  getLeads,
  onLeadResponse,
  saveLeadWatch,
} from './addon/leads';
export { insertExample } from './addon/example';
export { getDashboardLink, getSiteHistory } from './addon/siteHistory';
export { exportReadings } from './addon/readingsExport';
export { remakePreviews, retryPreviews, returnToList, selectRow } from './addon/attention';
export { showHelp } from './addon/help';
export { showSelfCheck } from './addon/selfCheck';
export { insertTemplate } from './addon/templates';
export {
  deletePitchTemplate,
  getOutreach,
  markContacted,
  previewPitches,
  savePitchTemplate,
  writePitches,
} from './addon/outreach';
export { refreshFollowUps } from './addon/followUps';
export {
  onCreatePreviewForm,
  onCreatePreviewSubmit,
  onReportLinkPreview,
} from './addon/workspaceLinks';
export {
  onConfigCreateStep,
  onConfigScoreStep,
  onConfigWaitStep,
  onExecuteCreateStep,
  onExecuteScoreStep,
  onExecuteWaitStep,
} from './addon/studioSteps';
export { entry as __entry } from './gas/entry';

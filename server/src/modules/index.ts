import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { contactRoutes } from './account/contact-routes.ts';
import { verificationRoutes } from './verification/routes.ts';
import { hostRoutes } from './host/routes.ts';
import { exhibitionRoutes } from './exhibition/routes.ts';
import { companyRoutes } from './company/routes.ts';
import { uploadRoutes } from './upload/routes.ts';
import { videoRoutes } from './upload/video.ts';
import { configRoutes } from './system/config-routes.ts';
import { industryRoutes } from './industry/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { categoryRoutes } from './category/routes.ts';
import { submissionRoutes } from './submission/routes.ts';
import { licenceRoutes } from './licence/routes.ts';
import { hostUserRoutes } from './hostuser/routes.ts';
import { adminUserRoutes } from './adminuser/routes.ts';
import { hostApplyRoutes } from './hostapply/routes.ts';
import { versionRoutes } from './version/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { systemSettingsRoutes } from './settings-system/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { noticeRoutes } from './notice/routes.ts';
import { companyProfileRoutes } from './company/profile-routes.ts';
import { exhibitorRoutes } from './exhibitor/routes.ts';
import { joinRoutes } from './join/routes.ts';
import { companyRequestRoutes } from './company/request-routes.ts';
import { companyStaffRoutes } from './company/staff-routes.ts';
import { journalRoutes } from './journal/routes.ts';
import { lintelRoutes } from './lintel/routes.ts';
import { invoiceRoutes } from './invoice/routes.ts';
import { correctionRoutes } from './correction/routes.ts';
import { applyExhibitorRoutes } from './applyexhibitor/routes.ts';
import { helpLogRoutes } from './helplog/routes.ts';
import { dataDownloadRoutes } from './datadownload/routes.ts';
import { exhibitorPolicyRoutes } from './exhibitorpolicy/routes.ts';
import { backgroundJobRoutes } from './backgroundjob/routes.ts';
import { graphqlRoutes } from './graphql/routes.ts';
import { boothRoutes } from './booth/routes.ts';
import { cardRoutes } from './card/routes.ts';
import { placeRoutes } from './place/routes.ts';
import { productRoutes } from './product/routes.ts';
import { albumRoutes } from './album/routes.ts';
import { boothVideoRoutes, exhibitionVideoPolicy, exhibitorVideoPolicy } from './boothvideo/routes.ts';
import { formRoutes } from './form/routes.ts';
import { memberRoutes } from './member/routes.ts';
import { visitorGroupRoutes } from './visitorgroup/routes.ts';
import { memberHostRoutes } from './member/host-routes.ts';
import { expoRoutes } from './expo/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { activityRegRoutes } from './activityreg/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { appointmentRoutes } from './appointment/routes.ts';
import { livePublicRoutes } from './live/public-routes.ts';
import { supplyDemandRoutes } from './supplydemand/routes.ts';
import { rankingRoutes } from './ranking/routes.ts';
import { registerTopic, topicRoutes } from './topic/routes.ts';
import { focusRoutes } from './focus/routes.ts';
import { liveLineRoutes } from './live/lines-routes.ts';
import { liveStreamRoutes } from './live/stream-routes.ts';
import { enquiryRoutes } from './enquiry/routes.ts';
import { livePublishGate } from './live/stream.ts';
import { evaluationRoutes } from './evaluation/routes.ts';
import { consultRoutes } from './consult/routes.ts';
import { registerPublishGate } from '../media/index.ts';
import { productVideoPolicy } from './product/service.ts';
import { registerVideoPurpose } from './upload/video-policy.ts';
import { registerAutoAuditSwitches } from '../audit/audit.ts';
import { registerFeatureKeys } from '../auth/feature-gate.ts';
import { registerConflictFields } from '../core/write.ts';
import { registerSensitiveSource } from '../sensitive/check.ts';
import { getExhibitionSettings } from './settings/service.ts';
import { effectiveKeys } from './version/service.ts';
import { readSensitiveMode, readSensitiveWords } from './settings-system/service.ts';

/**
 * One module of the platform: its folder under server/src/modules, its route plugins, and what it
 * tells the shared mechanisms at start-up (docs/architecture.md "How a module registers").
 * Audit types register themselves when the module's service is imported (registerAuditType).
 */
export type PavilionModule = { name: string; routes: FastifyPluginAsync[]; register?: () => void };

/** The boot list: every folder of server/src/modules, once (server/test/architecture.test.ts checks it). */
export const modules: PavilionModule[] = [
  { name: 'account', routes: [accountRoutes, contactRoutes] },
  { name: 'verification', routes: [verificationRoutes] },
  { name: 'host', routes: [hostRoutes] },
  { name: 'exhibition', routes: [exhibitionRoutes] },
  { name: 'company', routes: [companyRoutes, companyProfileRoutes, companyRequestRoutes, companyStaffRoutes] },
  { name: 'upload', routes: [uploadRoutes, videoRoutes] },
  { name: 'system', routes: [configRoutes] },
  { name: 'industry', routes: [industryRoutes] },
  { name: 'reference', routes: [referenceRoutes] },
  { name: 'settings', routes: [settingsRoutes], register: () => registerAutoAuditSwitches(getExhibitionSettings) },
  { name: 'category', routes: [categoryRoutes] },
  { name: 'submission', routes: [submissionRoutes] },
  { name: 'licence', routes: [licenceRoutes] },
  { name: 'hostuser', routes: [hostUserRoutes] },
  { name: 'adminuser', routes: [adminUserRoutes] },
  { name: 'hostapply', routes: [hostApplyRoutes] },
  { name: 'version', routes: [versionRoutes], register: () => registerFeatureKeys(effectiveKeys) },
  { name: 'menu', routes: [menuRoutes] },
  { name: 'settings-system', routes: [systemSettingsRoutes], register: () => registerSensitiveSource({ words: readSensitiveWords, mode: readSensitiveMode }) },
  { name: 'feedback', routes: [feedbackRoutes] },
  { name: 'notice', routes: [noticeRoutes] },
  { name: 'exhibitor', routes: [exhibitorRoutes], register: () => registerConflictFields({ exhibitor_exhibition_company_key: 'companyId' }) },
  { name: 'join', routes: [joinRoutes] },
  { name: 'journal', routes: [journalRoutes], register: () => registerConflictFields({ exhibitor_journal_exhibitor_id_key: 'exhibitorId' }) },
  { name: 'lintel', routes: [lintelRoutes], register: () => registerConflictFields({ exhibitor_lintel_exhibitor_id_key: 'exhibitorId' }) },
  { name: 'invoice', routes: [invoiceRoutes], register: () => registerConflictFields({ company_invoice_company_id_key: 'compId' }) },
  { name: 'correction', routes: [correctionRoutes] },
  { name: 'applyexhibitor', routes: [applyExhibitorRoutes] },
  { name: 'helplog', routes: [helpLogRoutes] },
  { name: 'datadownload', routes: [dataDownloadRoutes] },
  { name: 'exhibitorpolicy', routes: [exhibitorPolicyRoutes] },
  { name: 'backgroundjob', routes: [backgroundJobRoutes] },
  { name: 'graphql', routes: [graphqlRoutes] },
  { name: 'booth', routes: [boothRoutes] },
  { name: 'card', routes: [cardRoutes] },
  { name: 'place', routes: [placeRoutes] },
  { name: 'product', routes: [productRoutes], register: () => registerVideoPurpose('productVideo', productVideoPolicy) },
  { name: 'album', routes: [albumRoutes] },
  {
    name: 'boothvideo',
    routes: [boothVideoRoutes],
    register: () => {
      registerVideoPurpose('exhibitorVideo', exhibitorVideoPolicy);
      registerVideoPurpose('exhibitionVideo', exhibitionVideoPolicy);
    },
  },
  { name: 'form', routes: [formRoutes] },
  { name: 'member', routes: [memberRoutes, memberHostRoutes] },
  { name: 'visitorgroup', routes: [visitorGroupRoutes] },
  { name: 'expo', routes: [expoRoutes] },
  { name: 'activity', routes: [activityRoutes], register: () => registerConflictFields({ activity_category_name_key: 'name' }) },
  { name: 'activityreg', routes: [activityRegRoutes] },
  { name: 'live', routes: [liveRoutes, livePublicRoutes, liveStreamRoutes, liveLineRoutes], register: () => registerPublishGate(livePublishGate) },
  { name: 'enquiry', routes: [enquiryRoutes] },
  { name: 'evaluation', routes: [evaluationRoutes] },
  { name: 'supplydemand', routes: [supplyDemandRoutes] },
  { name: 'topic', routes: [topicRoutes], register: registerTopic },
  { name: 'focus', routes: [focusRoutes] },
  { name: 'appointment', routes: [appointmentRoutes] },
  { name: 'consult', routes: [consultRoutes] },
  { name: 'ranking', routes: [rankingRoutes] },
];

/** Each module tells the shared mechanisms what they need (idempotent). Also run by the demo seed, which writes before the app is built. */
export function registerModules(): void {
  for (const m of modules) m.register?.();
}

/** Start-up: each module registers with the shared mechanisms, then its routes are added. */
export const bootModules: FastifyPluginAsync = async (app) => {
  registerModules();
  for (const m of modules) for (const r of m.routes) await app.register(r);
};

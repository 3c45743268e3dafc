import { JobType } from '@pavilion/contract';
import type { FastifyInstance } from 'fastify';
import { createJobWorker, type JobHandler, type JobWorker, type WorkerOptions } from '../../jobs/runner.ts';
import { copyExhibition, copyExhibitors } from './copy.ts';
import { exportExhibitors } from './export.ts';
import { importExhibitors } from './import.ts';
import { importProducts } from '../product/import.ts';
import { exportMembers } from '../member/export.ts';
import { exportActivityRegs, exportLiveViewers } from '../activityreg/export.ts';
import { exportEnquiries } from '../enquiry/export.ts';
import { exportSupplyDemand } from '../supplydemand/export.ts';
import { exportConsults } from '../consult/export.ts';
import { exportAppointments } from '../appointment/export.ts';

/** Every job type of the app and its handler; later issues add theirs (activity/liveviewer). */
export const jobHandlers: Record<string, JobHandler> = {
  [JobType.ExhibitorImport]: importExhibitors,
  [JobType.ExhibitorExport]: exportExhibitors,
  [JobType.ExhibitorCopy]: copyExhibitors,
  [JobType.ExhibitionCopy]: copyExhibition,
  [JobType.ProductImport]: importProducts,
  [JobType.MemberExport]: exportMembers,
  [JobType.ActivityRegExport]: exportActivityRegs,
  [JobType.ActivityLiveViewerExport]: exportLiveViewers,
  [JobType.EnquiryExport]: exportEnquiries,
  [JobType.SupplyDemandExport]: exportSupplyDemand,
  [JobType.ConsultExport]: exportConsults,
  [JobType.AppointmentExport]: exportAppointments,
};

/** The app's worker, on the app's database, shared state and storage. main.ts starts it; tests start their own. */
export async function startJobWorker(app: FastifyInstance, opts: Partial<WorkerOptions> = {}): Promise<JobWorker> {
  const { db, shared, storage } = app.deps;
  const worker = createJobWorker({ db, shared, storage, log: app.log.child({ module: 'jobs' }), handlers: jobHandlers, ...opts });
  await worker.start();
  return worker;
}

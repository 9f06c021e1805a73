import { type Sequelize } from 'sequelize-typescript';
import { WorkflowTrigger } from '../models/WorkflowTrigger';

/** Removes a trigger just created whose schedule Temporal refused (lib/jobs/workflow-triggers.ts). */
export async function discardTrigger(_sequelize: Sequelize, id: string): Promise<void> {
  await WorkflowTrigger.destroy({ where: { id } });
}

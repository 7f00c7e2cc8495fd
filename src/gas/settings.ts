/**
 * The person's settings over Apps Script: their own properties, as src/kit/settings.ts keeps them,
 * for what runs outside the kit (custom functions, the quota's tier).
 */
import { configOf, SETTING } from '../kit/settings';
import { myRecords } from './userStore';

export const clientConfig = () => configOf(myRecords());

/** Whether the person said their account is on Google Workspace. */
export const saidWorkspace = (): boolean => myRecords().get(SETTING.workspace);

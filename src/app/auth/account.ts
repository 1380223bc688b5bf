/**
 * Account operations of the profile page (docs/specification.md §7), over Amplify, with the section 5 rules:
 * empty codes rejected before the provider; attribute updates skip `sub` and every `*_verified`.
 * Errors are thrown as PortugueseAuthError (original logged).
 */
import {
  confirmUserAttribute,
  deleteUser,
  deleteUserAttributes,
  fetchDevices,
  fetchUserAttributes,
  forgetDevice,
  rememberDevice,
  sendUserAttributeVerificationCode,
  updateUserAttributes,
  type UpdateUserAttributesOutput,
} from 'aws-amplify/auth';
import { ensureAmplify } from './amplify';
import { PortugueseAuthError } from './messages';
import { requireNonEmpty } from './session';

export interface DeviceInfo {
  id: string;
  name?: string;
  lastAuthenticatedAt?: Date;
}

async function run<T>(context: string, fn: () => Promise<T>): Promise<T> {
  try {
    await ensureAmplify();
    return await fn();
  } catch (e) {
    throw PortugueseAuthError.from(e, context);
  }
}

/** Attributes that can be edited: not `sub`, nothing containing `_verified`. */
export function isEditableAttribute(name: string): boolean {
  return name !== 'sub' && !name.includes('_verified');
}

export function editableAttributes(attrs: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (isEditableAttribute(k) && v !== undefined) out[k] = v;
  return out;
}

export const getAttributes = () => run('fetchUserAttributes', async () => (await fetchUserAttributes()) as Record<string, string | undefined>);

export const saveAttributes = (attrs: Record<string, string | undefined>) =>
  run<UpdateUserAttributesOutput>('updateUserAttributes', () => updateUserAttributes({ userAttributes: editableAttributes(attrs) }));

export const removeAttributes = (keys: string[]) =>
  run('deleteUserAttributes', () => deleteUserAttributes({ userAttributeKeys: keys.filter(isEditableAttribute) as [string, ...string[]] }));

export const sendAttributeCode = (key: string) =>
  run('sendUserAttributeVerificationCode', () => sendUserAttributeVerificationCode({ userAttributeKey: key as 'email' }));

export const confirmAttribute = (key: string, code: string) =>
  run('confirmUserAttribute', async () => {
    requireNonEmpty({ code });
    await confirmUserAttribute({ userAttributeKey: key as 'email', confirmationCode: code.trim() });
  });

export const listDevices = () =>
  run<DeviceInfo[]>('fetchDevices', async () => (await fetchDevices()).map((d) => ({ id: d.id, name: d.name, lastAuthenticatedAt: d.lastAuthenticatedDate })));

export const forgetThisOrDevice = (id?: string) => run('forgetDevice', () => forgetDevice(id ? { device: { id } } : undefined));

export const rememberThisDevice = () => run('rememberDevice', () => rememberDevice());

export const removeUser = () => run('deleteUser', () => deleteUser());

import { parseEarnCode } from '../../machines/earnCode';
import { readStored, writeStored } from './localStore';

/**
 * What the earn QR codes this device earned gave (title and pips), so a scan of one of them saved
 * offline shows what it should earn while it waits. The last 50 codes; an estimate: the operator
 * may change a code's pips, and the server credits what the code gives when the scan is sent.
 */
const storeKey = 'pips.earnCodeValues';
const kept = 50;

export interface EarnCodeValue {
  title: string;
  pips: number;
}

type Values = Record<string, EarnCodeValue>;

function read(): Values {
  try {
    const parsed: unknown = JSON.parse(readStored(storeKey) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Values) : {};
  } catch {
    return {};
  }
}

/** Remembers what the code of a scanned text gave (a text that is no earn code is ignored). */
export function rememberEarnCode(text: string, value: EarnCodeValue): void {
  const code = parseEarnCode(text);
  if (!code) return;
  const values = read();
  delete values[code];
  values[code] = value;
  const codes = Object.keys(values);
  for (const old of codes.slice(0, Math.max(0, codes.length - kept))) delete values[old];
  writeStored(storeKey, JSON.stringify(values));
}

/** What the code of a scanned text gave the last time, if this device earned it. */
export function knownEarnCode(text: string): EarnCodeValue | null {
  const code = parseEarnCode(text);
  const value = code ? read()[code] : undefined;
  return value && typeof value.pips === 'number' && typeof value.title === 'string' ? value : null;
}

import { MAX_DIMENSION } from '../grammar/delivery-parameters';
import {
  canonicalize,
  type DeliveryRequest,
  type ResolvedStep,
} from '../grammar/parse-delivery-path';
import type { ResolvedRequest } from './derive-image';

/** The client hints a browser sends for images (`Sec-CH-DPR`, `Sec-CH-Width`). */
export interface ClientHints {
  dpr?: number;
  /** The image's display width in physical pixels. */
  width?: number;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

function numberHeader(headers: Headers, name: string, min: number, max: number) {
  const raw = headers[name];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isFinite(value) && value >= min && value <= max
    ? value
    : undefined;
}

export function readClientHints(headers: Headers): ClientHints {
  return {
    dpr: numberHeader(headers, 'sec-ch-dpr', 0.1, 100),
    width: numberHeader(headers, 'sec-ch-width', 1, 1_000_000),
  };
}

/**
 * `dpr_auto` takes `Sec-CH-DPR` (1 without it, at most 4); `w_auto[:step[:fallback]]` takes
 * `Sec-CH-Width` divided by the step's DPR (the hint is in physical pixels), rounded up to the
 * step, else the fallback, else no width. The answer then depends on those headers: `vary`
 * lists the ones consulted.
 */
export function resolveClientHints(
  request: DeliveryRequest,
  hints: ClientHints,
): { request: ResolvedRequest; vary: string[] } {
  const vary = new Set<string>();
  const steps = request.steps.map((step): ResolvedStep => {
    let dpr: number | undefined;
    if (step.dpr === 'auto') {
      vary.add('Sec-CH-DPR');
      dpr = Math.min(4, Math.max(1, Math.round((hints.dpr ?? 1) * 100) / 100));
    } else {
      dpr = step.dpr;
    }
    const { width } = step;
    if (width?.kind !== 'auto') return { ...step, width, dpr };
    vary.add('Sec-CH-Width');
    const css = hints.width === undefined ? undefined : hints.width / (dpr ?? 1);
    const value =
      css === undefined
        ? width.fallback
        : Math.min(MAX_DIMENSION, Math.ceil(css / width.step) * width.step);
    return { ...step, width: value === undefined ? undefined : { kind: 'px', value }, dpr };
  });
  return {
    request: { ...request, steps, canonical: canonicalize(steps, request) },
    vary: [...vary],
  };
}

/** True for the core's refusal of an identical call already in flight: the first call's outcome is what counts. */
export function isRepeatRefusal(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { status?: unknown }).status === 0 && (error as { message?: unknown }).message === 'request:repeat';
}

/** Whether this browser can open a camera at all; where it cannot, typing the code is the way. */
export function canScan(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

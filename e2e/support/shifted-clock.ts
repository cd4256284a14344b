// Loaded with `node --import` into a server process whose clock must run behind (or ahead of) the real
// one by E2E_CLOCK_SHIFT_DAYS: Date, and through it the embedded database's now(), read the shifted
// time. Postbacks cannot be dated, so a spec that needs a sale of an earlier week writes it through a
// server started this way (support/shifted-server.ts). Never loaded by the app itself.
const days = Number(process.env.E2E_CLOCK_SHIFT_DAYS ?? '0');
if (!Number.isFinite(days)) throw new Error(`E2E_CLOCK_SHIFT_DAYS must be a number, not ${days}`);
const shiftMs = days * 86_400_000;
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + shiftMs);
    else super(...(args as [string | number | Date]));
  }
  static override now() {
    return RealDate.now() + shiftMs;
  }
}

globalThis.Date = ShiftedDate as DateConstructor;

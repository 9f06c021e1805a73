import { wallClockDate } from '../wall-clock';
import { type CellDateTime } from './cell-values';

/**
 * The instant of a date-time cell: its own offset when it names one, else the wall-clock time in
 * the studio's zone (two passes settle the offset around a daylight-saving change).
 */
export function instantOf(value: CellDateTime, timeZone: string): Date {
  if (value.offset !== undefined) return new Date(`${value.date}T${value.time}${value.offset}`);
  const wall = new Date(`${value.date}T${value.time}Z`).getTime();
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - (wallClockDate(new Date(instant), timeZone).getTime() - instant);
  return new Date(instant);
}

import type { Bindings } from '../env.ts';
import { birthdayRepository } from './birthday-repository.ts';
import { levelBenefitsFor } from './levels.ts';

/**
 * Birthday points (issue 21 item 2): on a member's birthday (UTC) the daily points run gives them
 * their level's birthday points, once per calendar year whatever the birthday says (a birthday
 * moved to a later day of the year gives nothing more). A birthday on February 29 counts on
 * February 28 in a year without one.
 */

const PAGE = 100;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthdays that fall on the UTC day of `now`: its month, the days of it, and the year. */
export function birthdaysOn(now: number): { month: number; days: number[]; year: string } {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const days = month === 2 && day === 28 && !isLeapYear(year) ? [28, 29] : [day];
  return { month, days, year: String(year) };
}

/** Gives every member whose birthday is today their level's birthday points; answers how many were given. */
export async function giveBirthdayPoints(env: Bindings, now: number): Promise<number> {
  const repository = birthdayRepository(env.DB);
  const { month, days, year } = birthdaysOn(now);
  let given = 0;
  for (let after = 0; ; ) {
    const members = await repository.celebrating(month, days, year, after, PAGE);
    for (const accountId of members) {
      const level = await levelBenefitsFor(env.DB, accountId, now, env.SETTINGS);
      const points = level?.benefits.birthdayPoints ?? 0;
      if (points > 0 && (await repository.give(accountId, points, year, now))) given++;
    }
    if (members.length < PAGE) return given;
    after = members.at(-1)!;
  }
}

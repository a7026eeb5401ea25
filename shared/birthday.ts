/**
 * A member's birthday (issue 21 item 2, birthday points): month and day only, no year. The rule and
 * its messages, shared by the profile's contract and its form (no zod here: the island imports it).
 */

/** The months of a birthday, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The most days a birthday's month can have: February 29 is a birthday too (its points come on the 28th). */
const BIRTHDAY_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const BIRTHDAY_MESSAGE = {
  month: 'Choose a month from January to December.',
  day: 'Enter a day from 1 to 31.',
  monthMissing: 'Choose the month of your birthday too.',
  dayMissing: 'Enter the day of your birthday too.',
} as const;

/** The birthday form's fields and their problems: both given and a real date (Feb 29 allowed), or neither. */
export function birthdayProblems(month: number | null, day: number | null): { birthMonth?: string; birthDay?: string } {
  const validMonth = month !== null && Number.isInteger(month) && month >= 1 && month <= 12;
  if (month !== null && !validMonth) return { birthMonth: BIRTHDAY_MESSAGE.month };
  if (day !== null && !(Number.isInteger(day) && day >= 1 && day <= 31)) return { birthDay: BIRTHDAY_MESSAGE.day };
  if (month === null) return day === null ? {} : { birthMonth: BIRTHDAY_MESSAGE.monthMissing };
  if (day === null) return { birthDay: BIRTHDAY_MESSAGE.dayMissing };
  const most = BIRTHDAY_DAYS[month - 1]!;
  return day > most ? { birthDay: `${MONTH_NAMES[month - 1]} has only ${most} days.` } : {};
}

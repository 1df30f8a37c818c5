/**
 * A short numeric secret as a value of its own. Log lines are full of numbers (epoch milliseconds,
 * response times such as 39.557391…), so a plain substring search for a 4-digit passcode fails at
 * random; a passcode that leaked would stand alone, as in `"pinCode":"7391"` or `pinCode=7391`.
 */
export const standaloneDigits = (digits: string) => new RegExp(`(?<![\\d.])${digits}(?![\\d.])`);

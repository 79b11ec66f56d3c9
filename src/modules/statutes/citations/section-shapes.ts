/**
 * Regex sources for the section numbers of each code (compiled case-insensitively, no capture groups).
 * Shapes are deliberately tight: a bare reference in a statute's text only counts as a citation when its
 * number has the code's shape, which is what keeps "§ 401 of the Clean Water Act" out of Virginia results.
 */

/**
 * U.S.C.: 1983, 552a, 5, 1320a-7b, 300gg-11. A hyphen only ever follows a letter, so "1981-1983" is a range;
 * and "276a-276a-5" is the range 276a to 276a-5, not a section 276a-276a.
 */
export const US_SECTION = String.raw`\d{1,5}[a-z]{0,4}(?:(?<=[a-z])-\d{1,4}[a-z]{0,3}(?!-\d))?`;

/**
 * D.C. Code: 2-1402.11, 16-916.01a, 11-1732A, 27A-101, 28:9-301, 28:2A-101, 2-1217.35d-1. Titles run 1-51
 * (27A, 28A, 29A), which keeps U.S.C. numbers such as "60g-2" out.
 */
export const DC_SECTION = String.raw`(?:[1-9]|[1-4]\d|5[01])a?(?::\d{1,2}[a-z]?)?-\d{1,5}[a-z]?(?:\.\d{1,4}[a-z]{0,2})?(?:(?<=[a-z])-\d{1,3})?`;

/** Code of Virginia: 18.2-46.2, 2.2-3700, 1-200, 62.1-44.15:20, 62.1-44.15:29.1, 8.9A-101. */
export const VA_SECTION = String.raw`\d{1,2}(?:\.\d{1,2}[a-z]?)?-\d{1,4}(?:\.\d{1,4}){0,2}(?::\d{1,3}(?:\.\d{1,3})?)?`;

/** Colorado Revised Statutes: title-article-section, 2-4-101, 24-33.5-704, 24-4-103.5, 25.5-4-301. */
export const CO_SECTION = String.raw`\d{1,2}(?:\.\d{1,2})?-\d{1,3}(?:\.\d{1,2})?-\d{1,4}(?:\.\d{1,2})?`;

/** California codes: 1542, 1950.5, 17200, 1714.45. */
export const CA_SECTION = String.raw`\d{1,5}(?:\.\d{1,3})?`;

/** New York consolidated laws: 5-1401, 125.25, 235-b, 3-2.1, 3211. */
export const NY_SECTION = String.raw`\d{1,4}(?:-\d{1,4})?(?:\.\d{1,3})?(?:-[a-z]{1,2})?`;

/** Texas codes: chapter.section, always with the point: 92.0081, 17.46, 101.021, 1101.652. */
export const TX_SECTION = String.raw`\d{1,4}\.\d{1,4}[a-z]?`;

/** Florida Statutes: chapter.section, 83.49, 768.28. */
export const FL_SECTION = String.raw`\d{1,4}\.\d{2,4}`;

/** Illinois Compiled Statutes after the chapter: act/section, 5/13-202, 14/15, 105/4a. */
export const IL_SECTION = String.raw`\d{1,4}/\d{1,4}[a-z]?(?:[-.]\d{1,4}[a-z]?){0,3}`;

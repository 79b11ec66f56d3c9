/**
 * Names of governing-law jurisdictions as contracts write them: the US states and territories
 * (US Census Bureau list), Canadian provinces and territories (Statistics Canada), Australian
 * states, the UK's legal systems, and sovereign states by their ISO 3166 short names, plus the
 * common long forms ("People's Republic of China"). Data, not rules: one entry per place.
 */
export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia',
  'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
  'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada',
  'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon',
  'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia',
  'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'Puerto Rico', 'Guam',
];

export const PROVINCES = [
  'Alberta', 'British Columbia', 'Manitoba', 'New Brunswick', 'Newfoundland and Labrador', 'Nova Scotia', 'Ontario',
  'Prince Edward Island', 'Quebec', 'Saskatchewan', 'Yukon', 'New South Wales', 'Victoria', 'Queensland',
  'Western Australia', 'South Australia', 'Tasmania', 'England and Wales', 'England', 'Scotland', 'Northern Ireland',
  'Hong Kong', 'Bermuda', 'Cayman Islands', 'British Virgin Islands',
];

export const COUNTRIES = [
  'United States of America', 'United States', 'Canada', 'Mexico', 'Brazil', 'Argentina', 'Chile', 'Colombia', 'Peru',
  'United Kingdom', 'Ireland', 'France', 'Germany', 'Italy', 'Spain', 'Portugal', 'Netherlands', 'The Netherlands',
  'Belgium', 'Luxembourg', 'Switzerland', 'Austria', 'Sweden', 'Norway', 'Denmark', 'Finland', 'Iceland', 'Poland',
  'Czech Republic', 'Hungary', 'Greece', 'Cyprus', 'Malta', 'Israel', 'Turkey', 'Russia', 'Russian Federation', 'Ukraine',
  "People's Republic of China", 'PRC', 'China', 'Taiwan', 'Japan', 'Korea', 'Republic of Korea', 'South Korea', 'India',
  'Singapore', 'Malaysia', 'Thailand', 'Indonesia', 'Philippines', 'Vietnam', 'Australia', 'New Zealand', 'South Africa',
  'United Arab Emirates', 'Saudi Arabia', 'Egypt', 'Nigeria', 'Kenya',
];

/** Every name, longest first, so "New South Wales" wins over "Wales" and "West Virginia" over "Virginia". */
export const JURISDICTION_NAMES: readonly string[] = [...US_STATES, ...PROVINCES, ...COUNTRIES].sort((a, b) => b.length - a.length);

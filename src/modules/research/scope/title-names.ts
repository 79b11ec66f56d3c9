/**
 * The titles of the codes Folio imports, by number, so an answer can name the title a question
 * points at when that title is not loaded. Sources: United States Code, the title list of the
 * Office of the Law Revision Counsel (uscode.house.gov); Code of Virginia, the title list of the
 * Virginia Legislative Information System (law.lis.virginia.gov/vacode); Colorado Revised
 * Statutes, the title list of the Office of Legislative Legal Services (leg.colorado.gov). The
 * D.C. Code needs none here: its titles' names come with the corpus (every title is loaded).
 */
export const TITLE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: {
    '1': 'General Provisions', '2': 'The Congress', '3': 'The President', '4': 'Flag and Seal, Seat of Government, and the States',
    '5': 'Government Organization and Employees', '6': 'Domestic Security', '7': 'Agriculture', '8': 'Aliens and Nationality',
    '9': 'Arbitration', '10': 'Armed Forces', '11': 'Bankruptcy', '12': 'Banks and Banking', '13': 'Census', '14': 'Coast Guard',
    '15': 'Commerce and Trade', '16': 'Conservation', '17': 'Copyrights', '18': 'Crimes and Criminal Procedure', '19': 'Customs Duties',
    '20': 'Education', '21': 'Food and Drugs', '22': 'Foreign Relations and Intercourse', '23': 'Highways', '24': 'Hospitals and Asylums',
    '25': 'Indians', '26': 'Internal Revenue Code', '27': 'Intoxicating Liquors', '28': 'Judiciary and Judicial Procedure',
    '29': 'Labor', '30': 'Mineral Lands and Mining', '31': 'Money and Finance', '32': 'National Guard', '33': 'Navigation and Navigable Waters',
    '35': 'Patents', '36': 'Patriotic and National Observances, Ceremonies, and Organizations', '37': 'Pay and Allowances of the Uniformed Services',
    '38': "Veterans' Benefits", '39': 'Postal Service', '40': 'Public Buildings, Property, and Works', '41': 'Public Contracts',
    '42': 'The Public Health and Welfare', '43': 'Public Lands', '44': 'Public Printing and Documents', '45': 'Railroads', '46': 'Shipping',
    '47': 'Telecommunications', '48': 'Territories and Insular Possessions', '49': 'Transportation', '50': 'War and National Defense',
    '51': 'National and Commercial Space Programs', '52': 'Voting and Elections', '54': 'National Park Service and Related Programs',
  },
  VA: {
    '1': 'General Provisions', '2.2': 'Administration of Government', '3.2': 'Agriculture, Animal Care, and Food',
    '4.1': 'Alcoholic Beverage and Cannabis Control', '5.1': 'Aviation', '6.2': 'Financial Institutions and Services',
    '8.01': 'Civil Remedies and Procedure', '8.1A': 'Uniform Commercial Code', '9.1': 'Commonwealth Public Safety', '10.1': 'Conservation',
    '11': 'Contracts', '12.1': 'State Corporation Commission', '13.1': 'Corporations', '15.2': 'Counties, Cities and Towns',
    '16.1': 'Courts Not of Record', '17.1': 'Courts of Record', '18.2': 'Crimes and Offenses Generally', '19.2': 'Criminal Procedure',
    '20': 'Domestic Relations', '22.1': 'Education', '23.1': 'Institutions of Higher Education', '24.2': 'Elections', '25.1': 'Eminent Domain',
    '27': 'Fire Protection', '28.2': 'Fisheries and Habitat of the Tidal Waters', '29.1': 'Game, Inland Fisheries and Boating',
    '30': 'General Assembly', '32.1': 'Health', '33.2': 'Highways and Other Surface Transportation Systems', '36': 'Housing',
    '37.2': 'Behavioral Health and Developmental Services', '38.2': 'Insurance', '40.1': 'Labor and Employment', '42.1': 'Libraries',
    '43': "Mechanics' and Certain Other Liens", '44': 'Military and Emergency Laws', '45.2': 'Mines, Minerals, and Energy Resources',
    '46.2': 'Motor Vehicles', '47.1': 'Notaries and Out-of-State Commissioners', '48': 'Nuisances', '50': 'Partnerships',
    '51.1': 'Pensions, Benefits, and Retirement', '53.1': 'Prisons and Other Methods of Correction', '54.1': 'Professions and Occupations',
    '55.1': 'Property and Conveyances', '56': 'Public Service Companies', '58.1': 'Taxation', '59.1': 'Trade and Commerce',
    '60.2': 'Unemployment Compensation', '61.1': 'Warehouses, Cold Storage and Refrigerated Locker Plants',
    '62.1': 'Waters of the State, Ports and Harbors', '63.2': 'Welfare (Social Services)', '64.2': 'Wills, Trusts, and Fiduciaries',
    '65.2': "Workers' Compensation", '66': 'Juvenile Justice',
  },
  CO: {
    '1': 'Elections', '2': 'Legislative', '4': 'Uniform Commercial Code', '5': 'Consumer Credit Code', '6': 'Consumer and Commercial Affairs',
    '7': 'Corporations and Associations', '8': 'Labor and Industry', '10': 'Insurance', '11': 'Financial Institutions',
    '12': 'Professions and Occupations', '13': 'Courts and Court Procedure', '14': 'Domestic Matters', '15': 'Probate, Trusts, and Fiduciaries',
    '16': 'Criminal Proceedings', '17': 'Corrections', '18': 'Criminal Code', '19': "Children's Code", '21': 'Public Defender',
    '22': 'Education', '23': 'Postsecondary Education', '24': 'Government - State', '25': 'Health', '26': 'Human Services Code',
    '28': 'Military and Veterans', '29': 'Government - Local', '33': 'Parks and Wildlife', '34': 'Mineral Resources', '35': 'Agriculture',
    '37': 'Water and Irrigation', '38': 'Property - Real and Personal', '39': 'Taxation', '40': 'Utilities', '42': 'Vehicles and Traffic',
  },
};

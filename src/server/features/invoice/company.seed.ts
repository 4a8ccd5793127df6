import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { createRandom, type Random } from '../../seed/random.ts';
import { loadCompanyRegister, topUpCompanyRegister } from './company.service.ts';
import { banks, buildings, industries, latinTradeNames, seedPlaces, tradeNameFirsts, tradeNameSeconds, type SeedPlace } from './company-seed.data.ts';

/** How many companies the demo register holds. */
export const seedCompanyCount = 300;

const creditCodeCharset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditCodeWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const orgCodeWeights = [3, 7, 9, 10, 5, 8, 4, 2];

/** The check character of an organisation code (GB 11714; a letter counts 10-35): 0-9 or X. */
function orgCodeCheck(body: string): string {
  const sum = Array.from(body, (character, index) => parseInt(character, 36) * (orgCodeWeights[index] ?? 0)).reduce((total, term) => total + term, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/** The 18th character of a 统一社会信用代码 (GB 32100-2015). */
function creditCodeCheck(first17: string): string {
  const sum = Array.from(first17, (character, index) => creditCodeCharset.indexOf(character) * (creditCodeWeights[index] ?? 0)).reduce(
    (total, term) => total + term,
    0,
  );
  return creditCodeCharset[(31 - (sum % 31)) % 31] ?? '0';
}

/** A well-formed 统一社会信用代码 of an enterprise (91) registered in the place. */
export function creditCodeOf(divisionCode: string, orgBody: string): string {
  const first17 = `91${divisionCode}${orgBody}${orgCodeCheck(orgBody)}`;
  return `${first17}${creditCodeCheck(first17)}`;
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => String(random.int(0, 9))).join('');
}

function tradeName(random: Random): string {
  return random.chance(0.1) ? random.pick(latinTradeNames) : `${random.pick(tradeNameFirsts)}${random.pick(tradeNameSeconds)}`;
}

function companyName(random: Random, place: SeedPlace): string {
  const suffix = random.chance(0.15) ? '股份有限公司' : random.chance(0.06) ? '有限责任公司' : '有限公司';
  return `${place.city}${tradeName(random)}${random.pick(industries)}${suffix}`;
}

function registeredAddressOf(random: Random, place: SeedPlace): string {
  const province = place.province === place.city ? '' : place.province;
  const building = random.chance(0.6) ? `${random.pick(buildings)}${random.int(1, 9)}栋${random.int(2, 28)}楼` : `${random.int(101, 2208)}室`;
  return `${province}${place.city}${place.district}${random.pick(place.roads)}${random.int(1, 399)}号${building}`;
}

function bankBranchOf(random: Random, place: SeedPlace): string {
  const branchPlace = place.district ? place.district.replace(/(新区|区)$/, '') : place.city.replace(/市$/, '');
  return `${random.pick(banks)}${place.city.replace(/市$/, '')}${branchPlace}支行`;
}

/** The demo register: plausible, well-formed and the same on every machine. */
export function demoCompanies(count = seedCompanyCount) {
  const random = createRandom(20_260_610);
  const names = new Set<string>();
  const companies = [];
  while (companies.length < count) {
    const place = random.pick(seedPlaces);
    const name = companyName(random, place);
    if (names.has(name)) continue;
    names.add(name);
    companies.push({
      name,
      taxNumber: creditCodeOf(place.divisionCode, digits(random, 8)),
      registeredAddress: registeredAddressOf(random, place),
      registeredPhone: `${place.areaCode}-${random.int(2, 8)}${digits(random, 7)}`,
      bankName: bankBranchOf(random, place),
      bankAccount: `${random.int(1, 9)}${digits(random, random.pick([15, 16, 18]))}`,
    });
  }
  return companies;
}

/** Seeds the company register the invoice form's autocomplete reads. */
export function seedCompanyRegister(db: Kysely<Database>): Promise<void> {
  return loadCompanyRegister(db, demoCompanies());
}

/** A store seeded before the register existed gets it at its next start (companies it learnt stay as they are). */
export function topUpDemoCompanyRegister(db: Kysely<Database>): Promise<boolean> {
  return topUpCompanyRegister(db, demoCompanies());
}

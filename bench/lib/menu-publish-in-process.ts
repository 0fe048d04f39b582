// Run by bench/cases/menu-publish.mjs under tsx (it imports the API's TypeScript), with a JSON file
// as the only argument: { databaseUrl, tenantFile, rounds }.
//
// The menu editor's publish without HTTP (issue 32, item 8: the 300-item Grand Buffet published in
// under a second of server time): the tenant file is imported into a fresh database, then each round
// saves a draft with every item's price changed and times the publish use case alone (the draft taken,
// the import, the new menu version, the history entry, in one transaction). The ceiling measured
// beside it in the same process: `tenants:import` of the same changed file, the import alone.
// Prints { publishMs: [...], importMs: [...], items }.
import fs from 'node:fs';
import { asSystem, asTenants } from '../../apps/api/src/db/data-scope';
import { openDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { insertUser } from '../../apps/api/src/db/accounts-repository';
import { upsertMember } from '../../apps/api/src/db/staff-repository';
import { findRestaurantById } from '../../apps/api/src/db/restaurants-repository';
import { importTenants } from '../../apps/api/src/use-cases/platform/import-tenants';
import { publishMenuDraft, saveMenuDraft } from '../../apps/api/src/use-cases/menus/menu-drafts';
import { defaultPorts } from '../../apps/api/src/ports/services';

interface Job {
  databaseUrl: string;
  tenantFile: string;
  rounds: number;
}

interface FileItem {
  price: string | number;
}
type File = {
  id: number;
  slug: string;
  menu_groups: Array<{ menus: Array<{ items?: FileItem[]; sections: Array<{ items: FileItem[] }> }> }>;
};

const itemsOf = (file: File) =>
  file.menu_groups.flatMap((group) =>
    group.menus.flatMap((menu) => [...(menu.items ?? []), ...menu.sections.flatMap((section) => section.items)]),
  );

/** The file with every item's price moved by `cents` (a round's change diners would see). */
function repriced(file: File, cents: number): File {
  const copy = structuredClone(file);
  for (const item of itemsOf(copy)) item.price = ((Math.round(Number(item.price) * 100) + cents) / 100).toFixed(2);
  return copy;
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Job;
  const database = openDatabase(job.databaseUrl);
  await migrateToLatest(database.db);
  const original = JSON.parse(fs.readFileSync(job.tenantFile, 'utf8')) as File;
  const now = () => new Date();
  const imported = await importTenants(database.db, [{ name: 'grand-buffet.json', text: JSON.stringify(original) }], now());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  const userId = await asSystem('bench: the owner', async () => {
    const id = await insertUser(database.db, {
      email: `owner-${Date.now()}@grand-buffet.example.com`,
      password_hash: 'not-used',
      first_name: 'Bench',
      last_name: 'Owner',
      phone_number: null,
      created_at: now().toISOString(),
    });
    await upsertMember(database.db, original.id, id, 'owner', now());
    return id;
  });
  const actor = { userId, email: 'owner@grand-buffet.example.com', name: 'Bench Owner', role: 'owner' as const, vendorId: null };
  const publishMs: number[] = [];
  const importMs: number[] = [];
  let revision = 0;
  for (let round = 1; round <= job.rounds; round++) {
    await asTenants([original.id], async () => {
      const restaurant = (await findRestaurantById(database.db, original.id))!;
      const saved = await saveMenuDraft(database, restaurant, actor, revision, repriced(original, round), now());
      revision = saved.revision;
      const started = performance.now();
      const published = await publishMenuDraft(database, restaurant, actor, revision, now(), defaultPorts());
      publishMs.push(performance.now() - started);
      if (!published.changed) throw new Error('the publish changed nothing');
    });
    const text = JSON.stringify(repriced(original, -round));
    const started = performance.now();
    const again = await importTenants(database.db, [{ name: 'grand-buffet.json', text }], now());
    importMs.push(performance.now() - started);
    if (!again.ok) throw new Error(again.errors.join('\n'));
  }
  await database.close();
  console.log(JSON.stringify({ publishMs, importMs, items: itemsOf(original).length }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { deleteAnnouncement, listAnnouncements } from '../db/repositories/announcements';
import { pushStatus } from '../db/repositories/push';
import { announce, AnnouncementInputError, textIn } from '../plugins/app/announcements';
import { appPath, requireCommunity, text, wholeNumber } from './args';
import { UsageError, type AdminCommand } from './context';

export const announcementCreate: AdminCommand = {
  name: 'announcement:create',
  usage: `announcement:create --community <id> [--title <text>] [--title-es <text>] [--text <text>]
             [--text-es <text>] [--link </app/path>] [--push]
      Announce to a community's members: the title and the text in English and/or Spanish
      (members see their language, else the other). --link opens a screen of the app such as
      /earn or /chance-to-win. --push also sends it to the members' subscribed browsers (the
      running server sends the queue within PUSH_POLL_SECONDS).`,
  options: {
    community: { type: 'string' },
    title: { type: 'string' },
    'title-es': { type: 'string' },
    text: { type: 'string' },
    'text-es': { type: 'string' },
    link: { type: 'string' },
    push: { type: 'boolean' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'announcement:create');
    const title = { en: text(values, 'title', 200), es: text(values, 'title-es', 200) };
    const body = { en: text(values, 'text', 5000), es: text(values, 'text-es', 5000) };
    if (!title.en && !title.es) throw new UsageError('announcement:create needs --title or --title-es');
    if (!body.en && !body.es) throw new UsageError('announcement:create needs --text or --text-es');
    const link = appPath(values, 'link');
    try {
      const result = await announce(ctx.db, { communityId: community.id, title, text: body, url: link, push: values.push === true });
      ctx.out(`Created announcement #${result.id} "${textIn(title, 'en')}" in "${community.name}" (${community.id})`);
      if (link) ctx.out(`  opens: ${link}`);
      if (values.push === true) ctx.out(`  push: queued for ${result.queuedPushes} member${result.queuedPushes === 1 ? '' : 's'} with a subscribed browser`);
      return 0;
    } catch (error) {
      if (error instanceof AnnouncementInputError) throw new UsageError(error.message);
      throw error;
    }
  },
};

export const announcementList: AdminCommand = {
  name: 'announcement:list',
  usage: `announcement:list [--community <id>]
      List announcements, newest first, with how many members read, deleted and got each by push.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = values.community === undefined ? undefined : await requireCommunity(ctx.db, values, 'announcement:list');
    const rows = await listAnnouncements(ctx.db, community?.id);
    if (rows.length === 0) {
      ctx.out('No announcements yet (create one with announcement:create).');
      return 0;
    }
    for (const row of rows) {
      const languages = [row.title.en ? 'en' : null, row.title.es ? 'es' : null].filter(Boolean).join('+');
      const link = row.url ? `  link ${row.url}` : '';
      ctx.out(
        `#${row.id}  ${row.community_id}  ${row.send_date.toISOString()}  "${textIn(row.title, 'en')}" (${languages})${link}  read ${row.read}  deleted ${row.deleted}  pushed ${row.pushed}`,
      );
    }
    return 0;
  },
};

export const announcementDelete: AdminCommand = {
  name: 'announcement:delete',
  usage: `announcement:delete --id <n>
      Delete an announcement for every member (with its status records and pending pushes).`,
  options: { id: { type: 'string' } },
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined) throw new UsageError('announcement:delete needs --id <n>');
    if (!(await deleteAnnouncement(ctx.db, id))) throw new UsageError(`no announcement #${id} (see announcement:list)`);
    ctx.out(`Deleted announcement #${id}`);
    return 0;
  },
};

export const pushStatusCommand: AdminCommand = {
  name: 'push:status',
  usage: `push:status [--community <id>]
      Web Push: subscribed browsers per community, the push queue by state, the latest failures
      (every community, through a running server every one you run; or the --community given).`,
  options: { community: { type: 'string' } },
  async run(_values, ctx) {
    const status = await pushStatus(ctx.db);
    ctx.out('Subscriptions:');
    if (status.subscriptions.length === 0) ctx.out('  none');
    for (const row of status.subscriptions) ctx.out(`  ${row.community_id}: ${row.subscriptions} browser(s) of ${row.members} member(s)`);
    ctx.out('Queue:');
    if (status.queue.length === 0) ctx.out('  empty');
    for (const row of status.queue) ctx.out(`  ${row.state}: ${row.count}`);
    if (status.failures.length > 0) {
      ctx.out('Latest failures:');
      for (const row of status.failures) {
        ctx.out(`  announcement #${row.announcement_id} member #${row.user_id} after ${row.attempts} attempt(s): ${row.last_error ?? 'unknown'}`);
      }
    }
    return 0;
  },
};

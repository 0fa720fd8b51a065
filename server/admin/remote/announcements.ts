import { appPath, requiredText, text } from '../args';
import { UsageError } from '../context';
import { runCommunities } from '../runCommunities';
import type { RemoteCommand } from './client';
import { communityPath, printRows, requiredId } from './shared';

/** Announcements through a server: a new one (pushed or not), the list, one taken back, and the push queue. */

export const announcementCreate: RemoteCommand = {
  name: 'announcement:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'announcement:create');
    const pick = (en?: string, es?: string) => ({ ...(en ? { en } : {}), ...(es ? { es } : {}) });
    const title = pick(text(values, 'title', 200), text(values, 'title-es', 200));
    const body = pick(text(values, 'text', 5000), text(values, 'text-es', 5000));
    if (!title.en && !title.es) throw new UsageError('announcement:create needs --title or --title-es');
    if (!body.en && !body.es) throw new UsageError('announcement:create needs --text or --text-es');
    const link = appPath(values, 'link');
    const created = await ctx.call<{ id: number; title: { en?: string; es?: string } }>('POST', communityPath(community, '/announcements'), {
      title,
      text: body,
      ...(link ? { url: link } : {}),
      push: values.push === true,
    });
    ctx.out(`Created announcement #${created.id} ${JSON.stringify(created.title.en ?? created.title.es)} in ${community}, through the server`);
    if (link) ctx.out(`  opens: ${link}`);
    return 0;
  },
};

export const announcementList: RemoteCommand = {
  name: 'announcement:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'announcement:list');
    const { announcements } = await ctx.call<{ announcements: { id: number; title: { en?: string; es?: string }; sendDate: string; read: number; pushed: number }[] }>(
      'GET',
      communityPath(community, '/announcements'),
    );
    printRows(ctx, announcements, `No announcements in ${community} yet.`, (a) => `#${a.id} ${a.sendDate} ${JSON.stringify(a.title.en ?? a.title.es)}  read by ${a.read}, pushed ${a.pushed}`);
    return 0;
  },
};

export const announcementDelete: RemoteCommand = {
  name: 'announcement:delete',
  async run(values, ctx) {
    const id = requiredId(values, 'id', 'announcement:delete needs --id <announcement id>');
    await ctx.call('DELETE', `/admin/announcements/${id}`);
    ctx.out(`Deleted announcement #${id}, through the server: gone from every member's list`);
    return 0;
  },
};

export const pushStatus: RemoteCommand = {
  name: 'push:status',
  // The --community given, or (as on the database, which shows every one) each community the
  // signed-in operator runs.
  async run(values, ctx) {
    const given = text(values, 'community', 64);
    const communities = given !== undefined ? [given] : (await runCommunities<{ communityId: string }>(ctx)).map((c) => c.communityId);
    if (communities.length === 0) ctx.out('This account runs no community (an owner adds it with operator:add).');
    for (const community of communities) {
      const status = await ctx.call<{
        subscriptions: number;
        members: number;
        queue: { state: string; count: number }[];
        failures: { announcementId: number; userId: number; attempts: number; error: string | null }[];
      }>('GET', communityPath(community, '/push'));
      ctx.out(`Subscriptions in ${community} (through the server): ${status.subscriptions} browser(s) of ${status.members} member(s)`);
      ctx.out('Queue:');
      printRows(ctx, status.queue, '  empty', (row) => `  ${row.state}: ${row.count}`);
      if (status.failures.length > 0) {
        ctx.out('Latest failures:');
        for (const row of status.failures) ctx.out(`  announcement #${row.announcementId} member #${row.userId} after ${row.attempts} attempt(s): ${row.error ?? 'unknown'}`);
      }
    }
    return 0;
  },
};

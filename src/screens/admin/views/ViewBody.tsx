import { useSelector } from '../../../actors/useSelector';
import {
  selectCanWrite,
  selectConsoleData,
  selectConsoleError,
  selectConsolePhase,
  selectConsoleView,
} from '../../../../machines/operatorConsole.selectors';
import type { ConsoleActor } from '../consoleContext';
import { LoadFailed, Loading } from '../viewParts';
import { AuditView } from './audit/AuditView';
import { CommunityView } from './communities/CommunityView';
import { DashboardView } from './communities/DashboardView';
import { AnnouncementsView } from './content/AnnouncementsView';
import { QrCodesView } from './content/QrCodesView';
import { QuestionnairesView } from './content/QuestionnairesView';
import { ChanceToWinView } from './draws/ChanceToWinView';
import { MemberLedgerView } from './members/MemberLedgerView';
import { MembersView } from './members/MembersView';
import { CodesView } from './promos/CodesView';
import { EarnActionsView } from './promos/EarnActionsView';
import { RewardsView } from './promos/RewardsView';
import { TriviaView } from './trivia/TriviaView';

/**
 * The console's current view with the data the machine loaded for it (a loader until then, the
 * failure and a retry when loading failed); `canWrite` is false for a viewer, who gets no forms.
 */
export function ViewBody({ actor }: { actor: ConsoleActor }) {
  const phase = useSelector(actor, selectConsolePhase);
  const view = useSelector(actor, selectConsoleView);
  const data = useSelector(actor, selectConsoleData);
  const error = useSelector(actor, selectConsoleError);
  const canWrite = useSelector(actor, selectCanWrite);
  if (phase === 'loadFailed') return <LoadFailed error={error} />;
  if (phase === 'loading' || data === null) return <Loading />;
  switch (view) {
    case 'dashboard':
      return <DashboardView data={data as never} />;
    case 'trivia':
      return <TriviaView data={data as never} canWrite={canWrite} />;
    case 'chanceToWin':
      return <ChanceToWinView data={data as never} canWrite={canWrite} />;
    case 'earn':
      return <EarnActionsView data={data as never} canWrite={canWrite} />;
    case 'rewards':
      return <RewardsView data={data as never} canWrite={canWrite} />;
    case 'qr':
      return <QrCodesView data={data as never} canWrite={canWrite} />;
    case 'questionnaires':
      return <QuestionnairesView data={data as never} canWrite={canWrite} />;
    case 'announcements':
      return <AnnouncementsView data={data as never} canWrite={canWrite} />;
    case 'members':
      return <MembersView page={data as never} canWrite={canWrite} />;
    case 'audit':
      return <AuditView page={data as never} />;
    case 'community':
      return <CommunityView data={data as never} />;
    case 'member':
      return <MemberLedgerView data={data as never} />;
    case 'codes':
      return <CodesView data={data as never} canWrite={canWrite} />;
  }
}

import { lazy, type ComponentType } from 'react';
import type { ScreenKey } from './routeTable';

// Every screen is its own chunk (SPEC §2: separately loaded screens).
const LoginScreen = lazy(() => import('../screens/LoginScreen'));
const WelcomeScreen = lazy(() => import('../screens/WelcomeScreen'));
const SignupScreen = lazy(() => import('../screens/SignupScreen'));
const ForgotPasswordScreen = lazy(() => import('../screens/ForgotPasswordScreen'));
const CommunityScanScreen = lazy(() => import('../screens/CommunityScanScreen'));
const ResetPasswordScreen = lazy(() => import('../screens/ResetPasswordScreen'));
const VerifyScreen = lazy(() => import('../screens/VerifyScreen'));
const AuthCallbackScreen = lazy(() => import('../oidc/AuthCallbackScreen'));
const SitemapScreen = lazy(() => import('../screens/SitemapScreen'));
const DocumentationScreen = lazy(() => import('../screens/DocumentationScreen'));
const HomeScreen = lazy(() => import('../screens/HomeScreen'));
const ProfileScreen = lazy(() => import('../screens/ProfileScreen'));
const ChangePasswordScreen = lazy(() => import('../screens/ChangePasswordScreen'));
const DeleteAccountScreen = lazy(() => import('../screens/DeleteAccountScreen'));
const EarnScreen = lazy(() => import('../screens/earn/EarnScreen'));
const FormsScreen = lazy(() => import('../screens/forms/FormsScreen'));
const RedeemScreen = lazy(() => import('../screens/redeem/RedeemScreen'));
const RewardsScreen = lazy(() => import('../screens/rewards/RewardsScreen'));
const RewardDetailScreen = lazy(() => import('../screens/rewards/RewardDetailScreen'));
const ActivityScreen = lazy(() => import('../screens/activity/ActivityScreen'));
const AnnouncementsScreen = lazy(() => import('../screens/announcements/AnnouncementsScreen'));
/** An unknown URL's screen (not in the route table: no pattern matches it). */
export const NotFoundScreen = lazy(() => import('../screens/NotFoundScreen'));
const IndividualTriviaScreen = lazy(() => import('../screens/trivia/IndividualTriviaScreen'));
const TriviaQuestionScreen = lazy(() => import('../screens/trivia/TriviaQuestionScreen'));
const TriviaAnswerScreen = lazy(() => import('../screens/trivia/TriviaAnswerScreen'));
const TriviaContestScreen = lazy(() => import('../screens/trivia/TriviaContestScreen'));
const TriviaContestInfoScreen = lazy(() => import('../screens/trivia/TriviaContestInfoScreen'));
const ChanceToWinScreen = lazy(() => import('../screens/chanceToWin/ChanceToWinScreen'));
const ApiDocsScreen = lazy(() => import('../screens/apiDocs/ApiDocsScreen'));
const SupportScreen = lazy(() => import('../screens/SupportScreen'));
const TermsScreen = lazy(() => import('../screens/TermsScreen'));
/** The operator console: its own chunk, never part of a member's screens (issue 14). */
const AdminScreen = lazy(() => import('../screens/admin/AdminScreen'));

/** The component each screen key of the route table renders. */
export const screens: Record<ScreenKey, ComponentType> = {
  Login: LoginScreen,
  Welcome: WelcomeScreen,
  Signup: SignupScreen,
  ForgotPassword: ForgotPasswordScreen,
  CommunityQRScan: CommunityScanScreen,
  ResetPassword: ResetPasswordScreen,
  Verify: VerifyScreen,
  AuthCallback: AuthCallbackScreen,
  Sitemap: SitemapScreen,
  Home: HomeScreen,
  Profile: ProfileScreen,
  ChangePassword: ChangePasswordScreen,
  DeleteAccount: DeleteAccountScreen,
  Documentation: DocumentationScreen,
  ApiDocs: ApiDocsScreen,
  Activity: ActivityScreen,
  Announcements: AnnouncementsScreen,
  ChanceToWin: ChanceToWinScreen,
  Earn: EarnScreen,
  Forms: FormsScreen,
  Redeem: RedeemScreen,
  Rewards: RewardsScreen,
  RewardDetail: RewardDetailScreen,
  Support: SupportScreen,
  Terms: TermsScreen,
  IndividualTrivia: IndividualTriviaScreen,
  TriviaQuestion: TriviaQuestionScreen,
  TriviaAnswer: TriviaAnswerScreen,
  TriviaContest: TriviaContestScreen,
  TriviaContestInfo: TriviaContestInfoScreen,
  Admin: AdminScreen,
};

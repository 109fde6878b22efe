/**
 * Every route of the student site (spec section 2). Each page is its own chunk (React.lazy), so a pupil on a weak
 * network downloads only the page they open; the frames (public, student area) stay in the main bundle.
 */
import { ScrollToTop } from '@olymp/web-common';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { RedirectIfSignedIn, RequireStudent } from './auth/guards';
import { ToastProvider } from './design/toasts';
import { LandingLayout } from './layouts/LandingLayout';
import { StudentLayout } from './layouts/StudentLayout';

const page = lazy;

// Public
const HomePage = page(() => import('./pages/public/HomePage'));
const LandingPage = page(() => import('./pages/public/LandingPage'));
const PublicChallengesPage = page(() => import('./pages/public/PublicChallengesPage'));
const LegalPage = page(() => import('./pages/public/LegalPage'));
const ComponentsPage = page(() => import('./pages/public/ComponentsPage'));
const NotFoundPage = page(() => import('./pages/public/NotFoundPage'));
const LiveBoardDisplayPage = page(() => import('./pages/display/LiveBoardDisplayPage'));
// Sign-in
const RegistrationPage = page(() => import('./pages/auth/RegistrationPage'));
const ConfirmRegistrationPage = page(() => import('./pages/auth/ConfirmRegistrationPage'));
const RegistrationCompletedPage = page(() => import('./pages/auth/RegistrationCompletedPage'));
const LoginPage = page(() => import('./pages/auth/LoginPage'));
const OtpConfirmationPage = page(() => import('./pages/auth/OtpConfirmationPage'));
// Student area
const StudentHomePage = page(() => import('./pages/student/StudentHomePage'));
const ChallengesPage = page(() => import('./pages/student/ChallengesPage'));
const MyChallengesPage = page(() => import('./pages/student/MyChallengesPage'));
const ChallengePage = page(() => import('./pages/student/ChallengePage'));
const CheckpointPage = page(() => import('./pages/student/CheckpointPage'));
const QuizPlayPage = page(() => import('./pages/student/QuizPlayPage'));
const QuizResultPage = page(() => import('./pages/student/QuizResultPage'));
const TrainingsPage = page(() => import('./pages/student/TrainingsPage'));
const TrainingPage = page(() => import('./pages/student/TrainingPage'));
const SubchapterPage = page(() => import('./pages/student/SubchapterPage'));
const AchievementsPage = page(() => import('./pages/student/AchievementsPage'));
const InvoicesPage = page(() => import('./pages/student/InvoicesPage'));
const InvoicePage = page(() => import('./pages/student/InvoicePage'));
const ZpointPage = page(() => import('./pages/student/ZpointPage'));
const RechargesPage = page(() => import('./pages/student/RechargesPage'));
const CheckoutPage = page(() => import('./pages/student/CheckoutPage'));
const RechargePaymentPage = page(() => import('./pages/student/RechargePaymentPage'));
const XpointPage = page(() => import('./pages/student/XpointPage'));
const ProfilePage = page(() => import('./pages/student/ProfilePage'));
const ProfileEditPage = page(() => import('./pages/student/ProfileEditPage'));
const ComingSoonPage = page(() => import('./pages/student/ComingSoonPage'));
const DashboardNotFoundPage = page(() => import('./pages/student/DashboardNotFoundPage'));

const LANDINGS = ['altyn-saqa', 'altyn-saqa-landing', 'altyn-tulek', 'altyn-asyq'] as const;

export function App() {
  const { t } = useTranslation();
  const signedOutOnly = (element: React.ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;
  return (
    <AuthProvider>
      <ToastProvider closeLabel={t('close')}>
        <ScrollToTop />
        <Routes>
          <Route path="leaderboard-live/:id" element={<LiveBoardDisplayPage />} />
          <Route element={<LandingLayout />}>
            <Route index element={<HomePage />} />
            {LANDINGS.map((slug) => (
              <Route key={slug} path={slug} element={<LandingPage slug={slug} />} />
            ))}
            <Route path="challenges" element={<PublicChallengesPage />} />
            <Route path="privacy-and-policy" element={<LegalPage kind="privacy" />} />
            <Route path="terms-and-conditions" element={<LegalPage kind="terms" />} />
            <Route path="components" element={<ComponentsPage />} />
            <Route path="register" element={signedOutOnly(<RegistrationPage />)} />
            <Route path="registration" element={signedOutOnly(<RegistrationPage />)} />
            <Route path="confirm-registration" element={<ConfirmRegistrationPage />} />
            <Route path="registration-completed" element={<RegistrationCompletedPage />} />
            <Route path="login" element={signedOutOnly(<LoginPage />)} />
            <Route path="otp-confirmation" element={<OtpConfirmationPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route
            path="student"
            element={
              <RequireStudent notFound={<DashboardNotFoundPage />}>
                <StudentLayout />
              </RequireStudent>
            }
          >
            <Route index element={<Navigate to="home" replace />} />
            <Route path="home" element={<StudentHomePage />} />
            <Route path="challenges" element={<ChallengesPage />} />
            <Route path="challenges/:challengeId/checkpoints/:checkpointId" element={<CheckpointPage />} />
            <Route path="challenges/:challengeId/checkpoints/:checkpointId/quizzes/:quizId/play" element={<QuizPlayPage />} />
            <Route path="challenges/:challengeId/checkpoints/:checkpointId/quizzes/:quizId/result" element={<QuizResultPage />} />
            <Route path="challenges/:challengeId/:tab?" element={<ChallengePage />} />
            <Route path="my-challenges" element={<MyChallengesPage />} />
            <Route path="training" element={<TrainingsPage />} />
            <Route path="training/:trainingId/subchapter/:subchapterId" element={<SubchapterPage />} />
            <Route path="training/:trainingId/quizzes/:quizId/play" element={<QuizPlayPage />} />
            <Route path="training/:trainingId/test/result" element={<QuizResultPage />} />
            <Route path="training/:trainingId/:tab?" element={<TrainingPage />} />
            <Route path="achievements" element={<AchievementsPage />} />
            <Route path="my-invoices" element={<InvoicesPage />} />
            <Route path="my-invoices/:invoiceId" element={<InvoicePage />} />
            <Route path="zpoint" element={<ZpointPage />} />
            <Route path="zpoint/recharges" element={<RechargesPage />} />
            <Route path="zpoint/checkout" element={<CheckoutPage />} />
            <Route path="zpoint/recharges/:rechargeId/payment" element={<RechargePaymentPage />} />
            <Route path="xpoint" element={<XpointPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="profile/edit" element={<ProfileEditPage />} />
            <Route path="altyn-saqa-course/*" element={<ComingSoonPage />} />
            <Route path="courses/*" element={<ComingSoonPage />} />
            <Route path="shop/*" element={<ComingSoonPage />} />
            <Route path="*" element={<DashboardNotFoundPage />} />
          </Route>
        </Routes>
      </ToastProvider>
    </AuthProvider>
  );
}

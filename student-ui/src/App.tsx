/**
 * Every route of the student site (spec section 2). Each page is its own chunk (React.lazy), so a pupil on a weak
 * network downloads only the page they open; the frames (public, student area) stay in the main bundle.
 */
import { ScrollToTop } from '@olymp/web-common';
import i18n from 'i18next';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { RedirectIfSignedIn, RequireStudent } from './auth/guards';
import { ToastProvider } from './design/toasts';
import { LandingLayout } from './layouts/LandingLayout';
import { StudentLayout } from './layouts/StudentLayout';

/**
 * A route's code and its translation group load in parallel (not one after the other, which on a slow network
 * would be two round trips before the page can paint).
 */
function page<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>, namespace?: string | string[]) {
  return lazy(() => Promise.all([load(), namespace ? i18n.loadNamespaces(namespace) : undefined]).then(([module]) => module));
}

// Public
const HomePage = page(() => import('./pages/public/HomePage'));
const LandingPage = page(() => import('./pages/public/LandingPage'), 'front-landing');
const PublicChallengesPage = page(() => import('./pages/public/PublicChallengesPage'), 'challenges');
const LegalPage = page(() => import('./pages/public/LegalPage'), 'front-landing');
const CertificateCheckPage = page(() => import('./pages/public/CertificateCheckPage'), 'profile');
const ComponentsPage = page(() => import('./pages/public/ComponentsPage'));
const UnauthorizedPage = page(() => import('./pages/public/UnauthorizedPage'));
const NotFoundPage = page(() => import('./pages/public/NotFoundPage'));
const LiveBoardDisplayPage = page(() => import('./pages/display/LiveBoardDisplayPage'), 'challenges');
// Sign-in
const RegistrationPage = page(() => import('./pages/auth/RegistrationPage'), 'loginPage');
const ConfirmRegistrationPage = page(() => import('./pages/auth/ConfirmRegistrationPage'), 'loginPage');
const RegistrationCompletedPage = page(() => import('./pages/auth/RegistrationCompletedPage'), 'loginPage');
const LoginPage = page(() => import('./pages/auth/LoginPage'), 'loginPage');
const OtpConfirmationPage = page(() => import('./pages/auth/OtpConfirmationPage'), 'loginPage');
// Student area
const StudentHomePage = page(() => import('./pages/student/StudentHomePage'), ['challenges', 'events']);
const EventPage = page(() => import('./pages/student/events/EventPage'), 'events');
const ChallengesPage = page(() => import('./pages/student/ChallengesPage'), 'challenges');
const MyChallengesPage = page(() => import('./pages/student/MyChallengesPage'), 'challenges');
const ChallengePage = page(() => import('./pages/student/ChallengePage'), 'challenges');
const CheckpointPage = page(() => import('./pages/student/CheckpointPage'), 'challenges');
const QuizPlayPage = page(() => import('./pages/student/QuizPlayPage'), 'challenges');
const QuizResultPage = page(() => import('./pages/student/QuizResultPage'), 'challenges');
const TrainingsPage = page(() => import('./pages/student/TrainingsPage'), 'training');
const TrainingPage = page(() => import('./pages/student/TrainingPage'), 'training');
const SubchapterPage = page(() => import('./pages/student/SubchapterPage'), 'training');
const LibrariesPage = page(() => import('./pages/student/library/LibrariesPage'), 'library');
const LibraryPage = page(() => import('./pages/student/library/LibraryPage'), 'library');
const FlashcardsPage = page(() => import('./pages/student/library/FlashcardsPage'), 'library');
const AchievementsPage = page(() => import('./pages/student/AchievementsPage'), 'profile');
const InvoicesPage = page(() => import('./pages/student/InvoicesPage'), 'finances');
const InvoicePage = page(() => import('./pages/student/InvoicePage'), 'finances');
const ZpointPage = page(() => import('./pages/student/ZpointPage'), 'finances');
const RechargesPage = page(() => import('./pages/student/RechargesPage'), 'finances');
const CheckoutPage = page(() => import('./pages/student/CheckoutPage'), 'finances');
const RechargePaymentPage = page(() => import('./pages/student/RechargePaymentPage'), 'finances');
const XpointPage = page(() => import('./pages/student/XpointPage'), 'finances');
const ProfilePage = page(() => import('./pages/student/ProfilePage'), 'profile');
const ProfileEditPage = page(() => import('./pages/student/ProfileEditPage'), 'profile');
const NoticesPage = page(() => import('./pages/student/NoticesPage'), 'profile');
const ChatListPage = page(() => import('./pages/student/ChatListPage'), 'chat');
const ChatPage = page(() => import('./pages/student/ChatPage'), 'chat');
const CoursesPage = page(() => import('./pages/student/CoursesPage'), 'courses');
const FlexCoursesPage = page(() => import('./pages/student/flex/FlexCoursesPage'), ['flex', 'courses']);
const FlexCoursePage = page(() => import('./pages/student/flex/FlexCoursePage'), ['flex', 'chat']);
const FlexChapterPage = page(() => import('./pages/student/flex/FlexChapterPage'), 'flex');
const FlexLessonPage = page(() => import('./pages/student/flex/FlexLessonPage'), ['flex', 'media']);
const LessonRecordingPage = page(() => import('./pages/student/LessonRecordingPage'), 'media');
const StorePage = page(() => import('./pages/student/store/StorePage'), 'store');
const StoreCoursePage = page(() => import('./pages/student/store/StoreCoursePage'), 'store');
const CourseCheckoutPage = page(() => import('./pages/student/store/CourseCheckoutPage'), 'store');
const EnrolmentPage = page(() => import('./pages/student/store/EnrolmentPage'), 'store');
const OnlineCoursePage = page(() => import('./pages/student/course/OnlineCoursePage'), 'courses');
const PreparationCoursePage = page(() => import('./pages/public/PreparationCoursePage'), 'store');
const ShopHomePage = page(() => import('./pages/student/shop/ShopHomePage'), 'shop');
const ShopProductsPage = page(() => import('./pages/student/shop/ProductsPage'), 'shop');
const ShopProductPage = page(() => import('./pages/student/shop/ProductPage'), 'shop');
const ShopCatalogPage = page(() => import('./pages/student/shop/CatalogPage'), 'shop');
const ShopWishlistPage = page(() => import('./pages/student/shop/WishlistPage'), 'shop');
const ShopCartPage = page(() => import('./pages/student/shop/CartPage'), 'shop');
const ShopDeliveryPage = page(() => import('./pages/student/shop/DeliveryPage'), 'shop');
const ShopOrdersPage = page(() => import('./pages/student/shop/OrdersPage'), 'shop');
const ShopOrderPage = page(() => import('./pages/student/shop/OrderPage'), 'shop');
const ShopOrderPaymentPage = page(() => import('./pages/student/shop/OrderPaymentPage'), 'shop');
const ShopReturnPage = page(() => import('./pages/student/shop/ReturnPage'), 'shop');
const ShopFeedbackPage = page(() => import('./pages/student/shop/FeedbackPage'), 'shop');
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
            <Route path="preparation-course" element={<PreparationCoursePage />} />
            <Route path="achievements/:code" element={<CertificateCheckPage />} />
            <Route path="privacy-and-policy" element={<LegalPage kind="privacy" />} />
            <Route path="terms-and-conditions" element={<LegalPage kind="terms" />} />
            <Route path="components" element={<ComponentsPage />} />
            <Route path="register" element={signedOutOnly(<RegistrationPage />)} />
            <Route path="registration" element={signedOutOnly(<RegistrationPage />)} />
            <Route path="confirm-registration" element={<ConfirmRegistrationPage />} />
            <Route path="registration-completed" element={<RegistrationCompletedPage />} />
            <Route path="login" element={signedOutOnly(<LoginPage />)} />
            <Route path="otp-confirmation" element={<OtpConfirmationPage />} />
            <Route path="unauthorized" element={<UnauthorizedPage />} />
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
            <Route path="library" element={<LibrariesPage />} />
            <Route path="library/:libraryId" element={<LibraryPage />} />
            <Route path="library/:libraryId/study/:kind/:deckId" element={<FlashcardsPage />} />
            <Route path="events/:eventId" element={<EventPage />} />
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
            <Route path="notices" element={<NoticesPage />} />
            <Route path="chat" element={<ChatListPage />} />
            <Route path="chat/:groupId" element={<ChatPage />} />
            <Route path="altyn-saqa-course/*" element={<ComingSoonPage />} />
            <Route path="store" element={<Navigate to="live" replace />} />
            <Route path="store/courses/:courseId" element={<StoreCoursePage />} />
            <Route path="store/courses/:courseId/checkout/:invoiceId" element={<CourseCheckoutPage />} />
            <Route path="store/:tab" element={<StorePage />} />
            {['online-courses', 'flex-courses'].flatMap((kind) => [
              <Route key={`${kind}:sub`} path={`courses/${kind}/:courseId/manage-subscription`} element={<EnrolmentPage view="manage-subscription" />} />,
              <Route key={`${kind}:trial`} path={`courses/${kind}/:courseId/free-trial-lesson`} element={<EnrolmentPage view="free-trial-lesson" />} />,
            ])}
            <Route path="courses/flex-courses" element={<FlexCoursesPage />} />
            <Route path="courses/flex-courses/:courseId/chapters/:chapterId/lesson" element={<FlexLessonPage />} />
            <Route path="courses/flex-courses/:courseId/chapters/:chapterId" element={<FlexChapterPage />} />
            <Route path="courses/flex-courses/:flexCourseId/quizzes/:quizId/play" element={<QuizPlayPage />} />
            <Route path="courses/flex-courses/:courseId/:tab?" element={<FlexCoursePage />} />
            <Route path="courses/online-courses/:courseId/:tab?" element={<OnlineCoursePage />} />
            <Route path="courses/*" element={<CoursesPage />} />
            <Route path="lessons/:lessonId/recording" element={<LessonRecordingPage />} />
            <Route path="shop" element={<Navigate to="products/home" replace />} />
            <Route path="shop/products/home" element={<ShopHomePage />} />
            <Route path="shop/products" element={<ShopProductsPage />} />
            <Route path="shop/products/:productId" element={<ShopProductPage />} />
            <Route path="shop/catalog/:categoryId?" element={<ShopCatalogPage />} />
            <Route path="shop/wishlist" element={<ShopWishlistPage />} />
            <Route path="shop/cart" element={<ShopCartPage />} />
            <Route path="shop/cart/delivery" element={<ShopDeliveryPage />} />
            <Route path="shop/orders" element={<ShopOrdersPage />} />
            <Route path="shop/orders/:orderId" element={<ShopOrderPage />} />
            <Route path="shop/orders/:orderId/payment" element={<ShopOrderPaymentPage />} />
            <Route path="shop/orders/:orderId/return-methods" element={<ShopReturnPage />} />
            <Route path="shop/orders/:orderId/feedback" element={<ShopFeedbackPage />} />
            <Route path="shop/*" element={<ComingSoonPage />} />
            <Route path="*" element={<DashboardNotFoundPage />} />
          </Route>
        </Routes>
      </ToastProvider>
    </AuthProvider>
  );
}

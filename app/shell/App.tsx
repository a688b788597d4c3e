import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { StudioShell } from "./StudioShell";
import { LoadingScreen } from "./LoadingScreen";
import { NotFoundPage } from "./NotFoundPage";

// The pricing page is rarely visited: keep it out of the first load.
const LoginPage = lazy(() => import("../auth/LoginPage").then((m) => ({ default: m.LoginPage })));
const PricingPage = lazy(() => import("../pricing/PricingPage").then((m) => ({ default: m.PricingPage })));
const BillingPage = lazy(() => import("../billing/BillingPage").then((m) => ({ default: m.BillingPage })));
const TestCheckoutPage = lazy(() => import("../billing/TestCheckoutPage").then((m) => ({ default: m.TestCheckoutPage })));
const TestPortalPage = lazy(() => import("../billing/TestPortalPage").then((m) => ({ default: m.TestPortalPage })));
const TestReceiptPage = lazy(() => import("../billing/TestReceiptPage").then((m) => ({ default: m.TestReceiptPage })));
const ForgotPasswordPage = lazy(() => import("../auth/PasswordResetPages").then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import("../auth/PasswordResetPages").then((m) => ({ default: m.ResetPasswordPage })));
const SettingsPage = lazy(() => import("../settings/SettingsPage").then((m) => ({ default: m.SettingsPage })));

export function App() {
  return (
    <Routes>
      <Route path="/" element={<StudioShell />} />
      <Route
        path="/login"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        path="/forgot-password"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <ForgotPasswordPage />
          </Suspense>
        }
      />
      <Route
        path="/reset-password"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <ResetPasswordPage />
          </Suspense>
        }
      />
      <Route
        path="/pricing"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <PricingPage />
          </Suspense>
        }
      />
      <Route
        path="/settings"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <SettingsPage />
          </Suspense>
        }
      />
      <Route
        path="/billing"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <BillingPage />
          </Suspense>
        }
      />
      <Route
        path="/billing/test/checkout/:id"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <TestCheckoutPage />
          </Suspense>
        }
      />
      <Route
        path="/billing/test/portal"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <TestPortalPage />
          </Suspense>
        }
      />
      <Route
        path="/billing/test/receipt/:id"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <TestReceiptPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

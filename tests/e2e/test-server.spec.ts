import { keepAliveMs, testTimeoutMs } from "../../playwright.config";
import { expect, test } from "./fixtures";

// The server the suite runs against keeps an idle connection open longer than any test lasts. With
// Node's default of 5 s, a test that called an API, spent 5 s in the page and called it again could
// send its request down a socket the server was closing, and fail with ECONNRESET.
test("an idle connection to the test server stays open longer than a test may last", async ({
  request,
}) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const timeout = /timeout=(\d+)/.exec(response.headers()["keep-alive"] ?? "");
  expect(timeout, "the server announces its keep-alive timeout").not.toBeNull();
  expect(Number(timeout![1]) * 1000).toBe(keepAliveMs);
  expect(keepAliveMs).toBeGreaterThan(testTimeoutMs);
});

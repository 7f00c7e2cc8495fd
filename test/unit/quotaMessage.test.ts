// Google's words for a used-up daily URL-fetch quota, as users report them (English, Workspace's
// "premium", a translation keeping the service name), told apart from the short-time rate limit
// and from a dropped connection.
import { isDailyFetchQuota } from '../../src/gas/transport';

it.each([
  ['Exception: Service invoked too many times for one day: urlfetch.', true],
  ['Service invoked too many times for one day: premium urlfetch.', true],
  ['Exception: سرویس در طول یک روز به دفعات زیاد فراخوان شده است:urlfetch.', true],
  [
    'Exception: Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
    false,
  ],
  ['Exception: Address unavailable: https://svc.example/api', false],
  ['Exception: Service invoked too many times for one day: properties.', false],
])('%s → %p', (message, daily) => {
  expect(isDailyFetchQuota(message)).toBe(daily);
});

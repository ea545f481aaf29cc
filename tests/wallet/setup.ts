// The setup the wallet API tests share: the API-test setup (fresh database, fresh rate limiter),
// a viewer's API key and one stored wallet history. `receive` hands both to the test file;
// `more` stores what a file needs beyond them.
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { storeWallet } from "./factory";

export type StoredWallet = Awaited<ReturnType<typeof storeWallet>>;
export type WalletApiFixture = { key: string; stored: StoredWallet };

export const useWalletApiTest = (receive: (fixture: WalletApiFixture) => void, more?: (fixture: WalletApiFixture) => Promise<void>) =>
  useApiTest({
    setup: async () => {
      const fixture = { key: (await userWithKey("viewer")).key, stored: await storeWallet() };
      receive(fixture);
      await more?.(fixture);
    },
  });

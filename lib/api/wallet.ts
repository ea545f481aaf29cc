// The API table's routes of the wallet (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { balanceHistoryOperation, checkRecipientOperation, checkWalletRecipient, deleteAddressBookEntry, deleteAddressBookEntryOperation, getBalanceHistory, getUncommonReport, getWalletIndexing, getWalletIndexingOperation, getWalletMetrics, importWalletData, importWalletDataOperation, linkWallet, linkWalletOperation, listAddressBook, listAddressBookOperation, listWalletApprovals, listWalletApprovalsOperation, listWalletLinks, listWalletLinksOperation, listWalletTransactions, listWalletTransactionsOperation, putAddressBookEntry, putAddressBookEntryOperation, transactionsCsv, unlinkWallet, unlinkWalletOperation, updateWalletLink, updateWalletLinkOperation, walletMetricsOperation, walletUncommonOperation } from "../wallet";

const wantsCsv = (format: string | undefined, accept: string | null) => (format ? format === "csv" : (accept ?? "").toLowerCase().includes("text/csv"));

export const walletRoutes: RouteHandler[] = [
  // POST /api/metrics – wallet metrics of the body's wallet, or the caller's default linked wallet
  route(walletMetricsOperation, ({ principal, body }) => getWalletMetrics(principal.userId, body)),
  // GET /api/wallets/{address}/approvals – current allowances with spender labels, value at risk and uncommon spenders
  route(listWalletApprovalsOperation, async ({ principal, params, query }) => Response.json(await listWalletApprovals(principal.userId, params.address, query))),
  // GET /api/wallets/{address}/balance-history – the wallet's value at the end of each day
  route(balanceHistoryOperation, async ({ params, query, principal }) => Response.json(await getBalanceHistory(params.address, query, principal.userId))),
  // POST /api/wallets/{address}/check-recipient – verdict on a recipient from the wallet's own history
  route(checkRecipientOperation, async ({ principal, params, body }) => Response.json(await checkWalletRecipient(principal.userId, params.address, body))),
  // GET /api/wallets/{address}/indexing – per chain how far the wallet is indexed, and its indexing jobs
  route(getWalletIndexingOperation, async ({ params, query }) => Response.json(await getWalletIndexing(params.address, query.chains))),
  // GET /api/wallets/{address}/transactions – the wallet's transfers, paged and filtered; JSON, or CSV with ?format=csv / Accept: text/csv
  route(listWalletTransactionsOperation, async ({ principal, params, query, url, request }) => {
    const page = await listWalletTransactions(principal.userId, params.address, query);
    const json = pagedResponse(page, url);
    json.headers.vary = "accept";
    if (!wantsCsv(query.format, request.headers.get("accept"))) return json;
    const headers = {
      ...json.headers,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${params.address}-transactions.csv"`,
    };
    return new Response(transactionsCsv(page.items), { status: 200, headers });
  }),
  // GET /api/wallets/{address}/uncommon – the wallet's uncommon addresses with the reasons for each
  route(walletUncommonOperation, ({ principal, params, query }) => getUncommonReport(principal.userId, params.address, query.chains)),
  // PUT /api/address-book/{address} – create or replace the caller's label and trust for an address
  route(putAddressBookEntryOperation, async ({ principal, params, body }) => {
    const { entry, created } = await putAddressBookEntry(principal.userId, params.address, body);
    return Response.json(entry, { status: created ? 201 : 200 });
  }),
  // DELETE /api/address-book/{address} – forget an address
  route(deleteAddressBookEntryOperation, async ({ principal, params }) => {
    await deleteAddressBookEntry(principal.userId, params.address);
    return new Response(null, { status: 204 });
  }),
  // GET /api/address-book – the caller's labelled and trusted addresses, paged
  route(listAddressBookOperation, async ({ principal, query, url }) => pagedResponse(await listAddressBook(principal.userId, query), url)),
  // POST /api/wallets/import – store wallet facts from a JSON document, all or nothing
  route(importWalletDataOperation, ({ body }) => importWalletData(body)),
  // PATCH /api/wallet-links/{address} – relabel a linked wallet or make it the default
  route(updateWalletLinkOperation, ({ principal, params, body }) => updateWalletLink(principal.userId, params.address, body)),
  // DELETE /api/wallet-links/{address} – unlink a wallet from the caller
  route(unlinkWalletOperation, async ({ principal, params }) => {
    await unlinkWallet(principal.userId, params.address);
  }),
  // GET /api/wallet-links – the caller's linked wallets, the default first
  route(listWalletLinksOperation, ({ principal }) => listWalletLinks(principal.userId)),
  // POST /api/wallet-links – link a wallet address to the caller
  route(linkWalletOperation, ({ principal, body }) => linkWallet(principal.userId, body)),
];

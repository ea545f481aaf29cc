import { methods, pagedResponse, route } from "@/lib/http";
import { listWalletTransactions, listWalletTransactionsOperation, transactionsCsv } from "@/lib/wallet";

export const dynamic = "force-dynamic";

const wantsCsv = (format: string | undefined, accept: string | null) => (format ? format === "csv" : (accept ?? "").toLowerCase().includes("text/csv"));

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/{address}/transactions – the wallet's transfers, paged and filtered; JSON, or CSV with ?format=csv / Accept: text/csv
  GET: route(listWalletTransactionsOperation, async ({ principal, params, query, url, request }) => {
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
});

import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GridDefinition } from "../../src/generated/definitions";
import { GridView } from "../../src/runtime/views/GridView";
import { useSession } from "../../src/runtime/session";
import { server } from "../support/msw";

/**
 * Saved views on a grid screen: the shared ones and one's own listed, one brought back into the
 * url (search, sort, filter), the current state saved under a name (shared only by an
 * administrator), one's own deleted, and Escape giving the focus back.
 */
const grid = {
  id: "g1",
  name: "tasks",
  title: "Tasks",
  model: "Task",
  paging: 3,
  pageSize: 50,
  definition: [
    { name: "title", label: "Title", type: "Text" },
    { name: "status", label: "Status", type: "Text" },
  ],
  fields: { title: "text", status: "text" },
} as unknown as GridDefinition;

const open = { and: [{ field: "status", op: "eq", value: "open" }] };
let posted: unknown[];
let deleted: string[];
let mine: {
  id: string;
  name: string;
  shared: boolean;
  state: Record<string, unknown>;
}[];

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/grid/tasks"
          element={
            <>
              <GridView name="tasks" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () =>
  decodeURIComponent(screen.getByTestId("where").textContent ?? "");

beforeEach(() => {
  posted = [];
  deleted = [];
  mine = [
    {
      id: "m1",
      name: "Mine open",
      shared: false,
      state: { filter: open, search: "report" },
    },
  ];
  useSession.setState({ user: { id: 7, user: "ann", Admin: false } as never });
  server.use(
    http.get("/api/grid/tasks/definition", () => HttpResponse.json(grid)),
    http.get("/api/grid/tasks/data/:page/:size", () =>
      HttpResponse.json({
        rows: [{ id: 1, title: "Report", status: "open" }],
        count: 1,
      }),
    ),
    http.get("/api/grid/tasks/views", () =>
      HttpResponse.json({
        shared: [
          {
            id: "s1",
            name: "By status",
            shared: true,
            state: { sort: "status", dir: "desc" },
          },
        ],
        mine,
      }),
    ),
    http.post("/api/grid/tasks/views", async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        state: Record<string, unknown>;
      };
      posted.push(body);
      if (body.name === "Mine open")
        return HttpResponse.json(
          {
            error: "A view named 'Mine open' is already saved on this grid",
            code: "CONFLICT",
          },
          { status: 409 },
        );
      mine = [
        ...mine,
        { id: "m2", name: body.name, shared: false, state: body.state },
      ];
      return HttpResponse.json(mine.at(-1), { status: 201 });
    }),
    http.delete("/api/grid/tasks/views/:id", ({ params }) => {
      deleted.push(String(params.id));
      mine = mine.filter((v) => v.id !== params.id);
      return HttpResponse.json({ success: true });
    }),
  );
});
afterEach(() => {
  useSession.setState({ user: null });
  vi.restoreAllMocks();
});

async function openViews() {
  fireEvent.click(await screen.findByRole("button", { name: "Views" }));
  return screen.findByRole("dialog", { name: "Saved views" });
}

describe("saved views on a grid", () => {
  it("lists the shared views and my own, and brings one back into the url from the first page", async () => {
    renderAt("/grid/tasks?page=3");
    const panel = await openViews();
    await within(panel).findByRole("button", { name: "By status" });
    expect(
      within(panel)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Shared views", "My views"]);
    // A person deletes only their own views.
    expect(
      within(panel).queryByRole("button", {
        name: "Delete the view By status",
      }),
    ).toBeNull();
    fireEvent.click(within(panel).getByRole("button", { name: "Mine open" }));
    await waitFor(() =>
      expect(where()).toBe(
        `/grid/tasks?q=report&filter=${JSON.stringify(open)}`,
      ),
    );
    expect(screen.queryByRole("dialog", { name: "Saved views" })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Views" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Views" }));
    fireEvent.click(await screen.findByRole("button", { name: "By status" }));
    await waitFor(() =>
      expect(where()).toBe("/grid/tasks?sort=status&dir=desc"),
    );
  });

  it("saves the current state under a name, says why a name is refused, and deletes one's own", async () => {
    renderAt("/grid/tasks?q=late&sort=title&dir=asc");
    const panel = await openViews();
    const name = within(panel).getByLabelText("Save the current view as");
    expect(within(panel).queryByLabelText(/Share with everyone/)).toBeNull();
    fireEvent.change(name, { target: { value: "Mine open" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save view" }));
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "A view named 'Mine open' is already saved on this grid",
    );
    fireEvent.change(name, { target: { value: "Late by title" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save view" }));
    await within(panel).findByRole("button", { name: "Late by title" });
    expect(posted.at(-1)).toEqual({
      name: "Late by title",
      shared: false,
      state: { search: "late", sort: "title", dir: "asc" },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(
      within(panel).getByRole("button", { name: "Delete the view Mine open" }),
    );
    await waitFor(() =>
      expect(
        within(panel).queryByRole("button", { name: "Mine open" }),
      ).toBeNull(),
    );
    expect(deleted).toEqual(["m1"]);
    fireEvent.keyDown(panel, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Saved views" })).toBeNull();
  });

  it("lets an administrator share a view", async () => {
    useSession.setState({
      user: { id: 1, user: "admin", Admin: true } as never,
    });
    renderAt("/grid/tasks");
    const panel = await openViews();
    expect(
      await within(panel).findByRole("button", {
        name: "Delete the view By status",
      }),
    ).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText("Save the current view as"), {
      target: { value: "Everything" },
    });
    fireEvent.click(
      within(panel).getByLabelText(
        "Share with everyone who may read this grid",
      ),
    );
    fireEvent.click(within(panel).getByRole("button", { name: "Save view" }));
    await waitFor(() =>
      expect(posted).toEqual([{ name: "Everything", shared: true, state: {} }]),
    );
  });
});

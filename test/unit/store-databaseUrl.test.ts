import { describe, expect, it } from "vitest";
import { parseDatabaseUrl, redactDatabaseUrl } from "../../server/store/databaseUrl.ts";

describe("parseDatabaseUrl", () => {
  it("takes Prisma's ?schema= out of the connection string, defaulting to public", () => {
    const t = parseDatabaseUrl(
      "postgresql://u:p%40ss@db.example:6543/town?schema=saves&sslmode=require",
    );
    expect(t.schema).toBe("saves");
    expect(t.connectionString).toBe("postgresql://u:p%40ss@db.example:6543/town?sslmode=require");
    expect(t.display).toBe("postgresql://u@db.example:6543/town?schema=saves");
    expect(t.hasConnectTimeout).toBe(false);
    expect(t.hasOptions).toBe(false);
    expect(parseDatabaseUrl("postgres://localhost/town").schema).toBe("public");
    expect(parseDatabaseUrl("postgres://localhost/town?connect_timeout=3").hasConnectTimeout).toBe(
      true,
    );
  });

  it("explains a bad URL without echoing it", () => {
    expect(() => parseDatabaseUrl("hunter2")).toThrow(/^DATABASE_URL is not a valid URL/);
    expect(() => parseDatabaseUrl("hunter2")).not.toThrow(/hunter2/);
    expect(() => parseDatabaseUrl("mysql://u:hunter2@h/db")).toThrow(
      /must start with postgresql:\/\/ or postgres:\/\/, not mysql:\/\//,
    );
    expect(() => parseDatabaseUrl('postgresql://h/db?schema=a";drop')).toThrow(/bad \?schema=/);
  });
});

describe("redactDatabaseUrl", () => {
  it("drops the password and every parameter but the schema", () => {
    expect(
      redactDatabaseUrl("postgresql://alice:s3cret@10.0.0.5:5432/town?schema=x&password=s3cret"),
    ).toBe("postgresql://alice@10.0.0.5:5432/town?schema=x");
    expect(redactDatabaseUrl("postgresql://:s3cret@host/db")).toBe("postgresql://host/db");
    expect(redactDatabaseUrl("postgresql:///db")).toBe("postgresql://(default host)/db");
    expect(redactDatabaseUrl("not a url s3cret")).toBe("(unparsable DATABASE_URL)");
  });
});

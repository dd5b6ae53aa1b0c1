-- uncaught error whose value is a table without __tostring
local function fail(code)
  print("failing with code", code)
  error({code = code})
end
print("about to raise a table")
local ok, e = pcall(fail, 1)
print("caught first one", ok, type(e), e.code)
fail(2)
print("never printed")

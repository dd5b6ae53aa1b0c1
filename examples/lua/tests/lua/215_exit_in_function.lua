-- os.exit from inside nested calls and pcall still exits
local function deep(n)
  if n == 0 then
    print("exiting from depth")
    os.exit(7)
  end
  return deep(n - 1) + 1
end
print("start")
pcall(deep, 10)
print("never printed")

-- os.exit(true) exits with status 0
local n = 0
for i = 1, 10 do n = n + i end
print("sum", n)
if n == 55 then
  io.write("exiting with success\n")
  os.exit(true)
end
print("never printed")
os.exit(9)

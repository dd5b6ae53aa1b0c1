-- os.exit with an integer status
-- the exit status is observed by the test runner
print("start")
print("about to exit with status 3")
io.write("buffered output is flushed\n")
local t = {}
for i = 1, 3 do t[i] = i * i end
print(table.concat(t, " "))
os.exit(3)
print("never printed")
